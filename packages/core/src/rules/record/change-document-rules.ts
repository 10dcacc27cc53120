/**
 * Rules of change documents (CDHDR, CDPOS): CD-SENSITIVE-OBJECT, TABLE-HIGH-RISK,
 * CD-ACCOUNTING-TABLE, CD-BANK-KEY, CD-SENSITIVE-FIELD, CD-SENSITIVE-PROFILE and CD-SENSITIVE-ROLE;
 * and, in one generic line, the facts of an item the patterns declare by its table, field and class
 * (with their own judgement where one is needed: a sensitive role or profile assigned, an
 * authorisation changed). No fact is named here.
 */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { bankKeyChange, listedRoleItem, namedProfile, profileOwner, readableKey, validAgain, validityText } from './change-document-keys.ts';
import { setFlag, setOther, type FlagResult } from '../../flags/flag-result.ts';
import type { ClassFacts, RuleEnv } from './record-env.ts';
import { defineRecordRules } from './define-record-rules.ts';

/** Object class rules of CDHDR and CDPOS; returns the class facts. */
export function flagObjectClass(env: RuleEnv, rec: CanonicalRecord, out: FlagResult): ClassFacts {
  const c = env.classOf(rec.objectclas);
  if (c.sensitive) setFlag(out, 'SENSITIVE_OBJECT_FLAG', env.reason('SO', c.cls, () => `Sensitive object class ${c.cls}`), 'CD-SENSITIVE-OBJECT');
  return c;
}

/** Table, field and profile rules of a CDPOS item of class `c`. */
export function flagItemChange(env: RuleEnv, rec: CanonicalRecord, out: FlagResult, c: ClassFacts): void {
  const full = env.full;
  const t = env.tableOf(rec.tabname);
  const { table, category, accounting, profiles } = t;
  if (category !== undefined) setFlag(out, 'HIGH_RISK_TABLE_FLAG', env.reason('HC', table, () => `High-risk table ${table} (${category || 'uncategorised'})`), 'TABLE-HIGH-RISK');
  if (accounting) setFlag(out, 'SENSITIVE_OBJECT_FLAG', full ? `Sensitive table ${table}` : '', 'CD-ACCOUNTING-TABLE');
  const f = env.fieldOf(rec.fname);
  if (f.field === 'KEY') {
    const bank = bankKeyChange(table, f.field, rec.chngind);
    if (bank) setFlag(out, 'SENSITIVE_FIELD_FLAG', full ? `Bank details ${bank} in ${table} (key ${readableKey(rec.tabkey)})` : '', 'CD-BANK-KEY');
  }
  // The facts the patterns declare by table, field and object class (define-fact.ts `changes`, and
  // their module's `judge` where the declaration needs one).
  const declared = t.changes & c.changes & f.changes;
  if (declared !== 0) env.markChanges(declared, rec, out);
  if (t.roles && c.roles) flagRole(env, rec, out);
  if (f.sensitive) setFlag(out, 'SENSITIVE_FIELD_FLAG', full ? env.reason('SF', `${f.field}\u0001${table}`, () => `Sensitive field ${f.field}${table ? ` in ${table}` : ''} changed`) : '', 'CD-SENSITIVE-FIELD');
  if (profiles && c.profiles) {
    const profile = namedProfile(rec.tabkey, rec.valueNew, env.ctx.sensitiveProfiles);
    if (profile !== undefined) {
      const ind = rec.chngind.toUpperCase();
      const how = ind === 'I' ? 'assigned to' : ind === 'D' || ind === 'E' ? 'removed from' : 'changed for';
      const owner = profileOwner(c.cls, rec.objectid, rec.tabkey) || 'unknown user';
      setOther(out, 'authorization', full ? `authorization: Sensitive profile ${profile} ${how} ${owner} (${table})` : '', 'CD-SENSITIVE-PROFILE');
    }
  }
}

/**
 * CD-SENSITIVE-ROLE: a role of the sensitive-roles watchlist assigned or removed (AGR_USERS: client,
 * role, user in TABKEY). Whether the item is also SENSITIVE_ROLE_ASSIGNED's fact (an insert, or its
 * validity made valid again) is that pattern's own judgement (its `ROLE_ASSIGNED` declaration).
 */
function flagRole(env: RuleEnv, rec: CanonicalRecord, out: FlagResult): void {
  const item = listedRoleItem(rec, env.ctx.sensitiveRoles);
  if (item === undefined) return;
  const { role, owner, ind, validity } = item;
  // A change of its validity: made valid again when the old end (VALUE_OLD) had passed and the new
  // one has not; an item that does not know its date yet (its header is in another file) says only
  // that its validity changed.
  const how = ind === 'I' ? 'assigned to' : ind === 'D' || ind === 'E' ? 'removed from' : validity === undefined ? 'changed for' : rec.date !== '' && validAgain(validity, rec.date) ? 'made valid again for' : 'validity changed for';
  const validityNote = validity === undefined ? '' : ` ${validityText(validity)}`;
  setOther(out, 'authorization', env.full ? `authorization: Sensitive role ${role} ${how} ${owner} (AGR_USERS)${validityNote}` : '', 'CD-SENSITIVE-ROLE');
}

/** The catalogue entries of this module's rules (DETECTION.md section 5). */
export const CHANGE_DOCUMENT_RULES = defineRecordRules([
  { id: 'CD-SENSITIVE-FIELD', title: 'Sensitive field changed', severity: 'high', flag: 'SENSITIVE_FIELD_FLAG', reads: 'CDPOS FNAME against the sensitive fields', nextSteps: 'Compare old and new values and confirm the change against its business document.' },
  { id: 'CD-BANK-KEY', title: 'Bank details added or removed', severity: 'high', flag: 'SENSITIVE_FIELD_FLAG', reads: 'CDPOS key insert or delete (FNAME KEY, CHNGIND I D E) in LFBK KNBK BUT0BK TIBAN; the bank key and account in TABKEY', nextSteps: 'Call the vendor or customer on a known number to confirm the new account before the next payment run.' },
  { id: 'CD-SENSITIVE-OBJECT', title: 'Sensitive object class', severity: 'high', flag: 'SENSITIVE_OBJECT_FLAG', reads: 'CDHDR/CDPOS OBJECTCLAS against the sensitive object classes', nextSteps: 'Open the change document and check the object changed (user, vendor, document) against an approval.', sentinel: 'SAP - Sensitive Role Changes' },
  { id: 'CD-ACCOUNTING-TABLE', title: 'Accounting document table changed', severity: 'high', flag: 'SENSITIVE_OBJECT_FLAG', reads: 'CDPOS TABNAME BKPF or BSEG', nextSteps: 'Check the posted document changed and who approved the change.' },
  { id: 'CD-SENSITIVE-PROFILE', title: 'Sensitive profile assigned or removed', severity: 'high', flag: 'OTHER', category: 'authorization', reads: 'IDENTITY or SUSR_PROF change documents on UST04 SUSR_UST04 UST10C UST10S with a sensitive profile in TABKEY or VALUE_NEW', nextSteps: 'Check the approval of the assignment and whether the profile was removed again.', sentinel: 'SAP - Assignment of a sensitive profile' },
  { id: 'CD-SENSITIVE-ROLE', title: 'Sensitive role assigned or removed', severity: 'high', flag: 'OTHER', category: 'authorization', reads: 'PFCG or IDENTITY change documents on AGR_USERS (client, role and user in TABKEY) with a role of the sensitive-roles watchlist', nextSteps: 'Check the approval of the role assignment and whether the role was removed again.', sentinel: 'SAP - Critical authorizations assignment - New User Assignment' },
]);
