/**
 * Rules of change documents (CDHDR, CDPOS): CD-SENSITIVE-OBJECT, TABLE-HIGH-RISK,
 * CD-ACCOUNTING-TABLE, CD-BANK-KEY, CD-SENSITIVE-FIELD and CD-SENSITIVE-PROFILE.
 */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { bankKeyChange, namedProfile, profileOwner, readableKey, USER_PROFILE_TABLES } from '../../flags/change-doc-rules.ts';
import { setFlag, setOther, type FlagResult } from '../../flags/flag-result.ts';
import type { ClassFacts, RuleEnv } from './record-env.ts';

/** Object class rules of CDHDR and CDPOS; returns the class facts. */
export function flagObjectClass(env: RuleEnv, rec: CanonicalRecord, out: FlagResult): ClassFacts {
  const c = env.classOf(rec.objectclas);
  if (c.sensitive) setFlag(out, 'SENSITIVE_OBJECT_FLAG', env.reason('SO', c.cls, () => `Sensitive object class ${c.cls}`), 'CD-SENSITIVE-OBJECT');
  return c;
}

/** Table, field and profile rules of a CDPOS item of class `c`. */
export function flagItemChange(env: RuleEnv, rec: CanonicalRecord, out: FlagResult, c: ClassFacts): void {
  const full = env.full;
  const { table, category, accounting, profiles } = env.tableOf(rec.tabname);
  if (category !== undefined) setFlag(out, 'HIGH_RISK_TABLE_FLAG', env.reason('HC', table, () => `High-risk table ${table} (${category || 'uncategorised'})`), 'TABLE-HIGH-RISK');
  if (accounting) setFlag(out, 'SENSITIVE_OBJECT_FLAG', full ? `Sensitive table ${table}` : '', 'CD-ACCOUNTING-TABLE');
  const f = env.fieldOf(rec.fname);
  if (f.field === 'KEY') {
    const bank = bankKeyChange(table, f.field, rec.chngind);
    if (bank) setFlag(out, 'SENSITIVE_FIELD_FLAG', full ? `Bank details ${bank} in ${table} (key ${readableKey(rec.tabkey)})` : '', 'CD-BANK-KEY');
  }
  if (f.sensitive) setFlag(out, 'SENSITIVE_FIELD_FLAG', full ? env.reason('SF', `${f.field}\u0001${table}`, () => `Sensitive field ${f.field}${table ? ` in ${table}` : ''} changed`) : '', 'CD-SENSITIVE-FIELD');
  if (profiles && c.profiles) {
    const profile = namedProfile(rec.tabkey, rec.valueNew, env.ctx.sensitiveProfiles);
    if (profile !== undefined) {
      const ind = rec.chngind.toUpperCase();
      const how = ind === 'I' ? 'assigned to' : ind === 'D' || ind === 'E' ? 'removed from' : 'changed for';
      const owner = profileOwner(c.cls, rec.objectid, rec.tabkey) || 'unknown user';
      setOther(out, 'authorization', full ? `authorization: Sensitive profile ${profile} ${how} ${owner} (${table})` : '', 'CD-SENSITIVE-PROFILE');
      if (ind === 'I' && USER_PROFILE_TABLES.has(table)) out.profileAssigned = `${profile} to ${owner}`;
    }
  }
}
