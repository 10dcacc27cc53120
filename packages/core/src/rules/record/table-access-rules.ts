/** TABLE-HIGH-RISK, SAL-SENSITIVE-READ and SAL-GENERIC-TABLE-CHANGE for SM20 generic table access (DU9, CUZ). */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { MARK_SENSITIVE_TABLE_CHANGE, setFlag, type FlagResult } from '../../flags/flag-result.ts';
import { genericTableAccess } from '../../flags/sm20-events.ts';
import type { RuleEnv } from './record-env.ts';
import { defineRecordRules } from './define-record-rules.ts';

/** The access only read the table (activity 03): its transaction is not maintenance then. */
export const TABLE_DISPLAY = 1;
/** The access changed the table (an activity other than 03). */
export const TABLE_CHANGE = 2;

/** Flags a DU9/CUZ record by its table and activity; returns TABLE_DISPLAY, TABLE_CHANGE or 0. */
export function flagTableAccess(env: RuleEnv, rec: CanonicalRecord, out: FlagResult): number {
  const ev = rec.event;
  const { table, activity } = genericTableAccess(rec.var1, rec.var2, rec.message);
  const category = env.ctx.highRiskTables.get(table);
  if (category !== undefined) setFlag(out, 'HIGH_RISK_TABLE_FLAG', env.reason('HB', `${ev}${table}`, () => `High-risk table ${table} (${category || 'uncategorised'}) via ${ev}`), 'TABLE-HIGH-RISK');
  if (activity === '03') {
    if (category !== undefined) setFlag(out, 'SENSITIVE_ACCESS_FLAG', env.reason('SA', `${ev}${table}`, () => `Display (03) of high-risk table ${table} via ${ev}`), 'SAL-SENSITIVE-READ');
    return TABLE_DISPLAY;
  }
  if (activity !== '') {
    if (category !== undefined) out.marks |= MARK_SENSITIVE_TABLE_CHANGE;
    setFlag(out, 'TABLE_MAINT_FLAG', env.reason('GT', `${ev}${table}\u0001${activity}`, () => `Generic table access ${ev} to ${table || 'unknown table'} with activity ${activity}`), 'SAL-GENERIC-TABLE-CHANGE');
    return TABLE_CHANGE;
  }
  return 0;
}

/** The catalogue entries of this module's rules (DETECTION.md section 5). */
export const TABLE_ACCESS_RULES = defineRecordRules([
  { id: 'SAL-GENERIC-TABLE-CHANGE', title: 'Generic table access with a change activity', severity: 'medium', flag: 'TABLE_MAINT_FLAG', reads: 'SM20 events DU9 CUZ with an activity other than 03 (second variable or message)', nextSteps: 'Find the table and the change document; a change without a document is undocumented.' },
  { id: 'TABLE-HIGH-RISK', title: 'High-risk table', severity: 'high', flag: 'HIGH_RISK_TABLE_FLAG', reads: 'SM20 DU9/CUZ table (first variable or message) or CDPOS TABNAME, against the high-risk tables list', nextSteps: 'Compare the old and new values (CDPOS) or the activity (SM20) with an approved change.' },
  { id: 'SAL-SENSITIVE-READ', title: 'Display of a high-risk table', severity: 'medium', flag: 'SENSITIVE_ACCESS_FLAG', reads: 'SM20 DU9/CUZ with activity 03 on a high-risk table', nextSteps: 'Check that the user needs to read the table; direct reads bypass application authorisations.', sentinel: 'SAP - Sensitive Tables Direct Access By Dialog Logon; SAP - Sensitive Tables Direct Access By RFC Logon' },
]);
