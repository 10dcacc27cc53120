/** TCODE-TABLE-MAINT, TCODE-HIGH-RISK, TCODE-CONFIG, TCODE-TRANSPORT, TCODE-JOB and SM18 (SAL-AUDIT-DELETE) by transaction code. */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { markFact, markFacts, setFlag, setOther, type FlagResult } from '../../flags/flag-result.ts';
import { startedTransaction } from '../../flags/sm20-events.ts';
import type { RuleEnv, TcodeFacts } from './record-env.ts';
import { defineRecordRules } from './define-record-rules.ts';
import { AUDIT_TAMPERING } from '../pattern/audit-log-tampering.ts';

/** Flags a record's transaction; `how` follows the code in reasons (' started (AU3)'), `display`: a table was only read. */
export function flagTransaction(env: RuleEnv, t: TcodeFacts, out: FlagResult, how: string, display: boolean): void {
  const tcode = t.tcode;
  if (tcode === '') return;
  // The facts declared by a list of transactions (define-fact.ts `transactions`, BANK_CHANGE_THEN_PAYMENT's
  // PAYMENT), with the transaction run: the record's own before the one AU3 started.
  if (t.facts !== 0) markFacts(out, t.facts, tcode);
  const full = env.full;
  const reason = env.reason;
  if (t.tableMaint && !display) setFlag(out, 'TABLE_MAINT_FLAG', full ? reason('TM', `${tcode}${how}`, () => `Table maintenance with ${tcode}${how}`) : '', 'TCODE-TABLE-MAINT');
  const category = t.category;
  if (category !== undefined) setFlag(out, 'HIGH_RISK_TCODE_FLAG', full ? reason('HT', `${tcode}${how}`, () => `High-risk transaction ${tcode}${how} (${category || 'uncategorised'})`) : '', 'TCODE-HIGH-RISK');
  if (t.other === 'config') setOther(out, 'config', reason('OC', tcode, () => `config: Configuration transaction ${tcode}`), 'TCODE-CONFIG');
  else if (t.other === 'transport') setOther(out, 'transport', reason('OT', tcode, () => `transport: Transport transaction ${tcode}`), 'TCODE-TRANSPORT');
  else if (t.other === 'job_schedule') setOther(out, 'job_schedule', reason('OJ', tcode, () => `job_schedule: Job scheduling transaction ${tcode}`), 'TCODE-JOB');
  else if (t.other === 'audit_trail') {
    setOther(out, 'audit_trail', `audit_trail: Audit log files administered with ${tcode} (deletion possible)`, 'SAL-AUDIT-DELETE');
    markFact(out, AUDIT_TAMPERING);
  }
}

/** The transaction an AU3 record started, when it is not the record's own (`t`). */
export function flagStartedTransaction(env: RuleEnv, rec: CanonicalRecord, out: FlagResult, t: TcodeFacts): void {
  // startedTransaction upper-cases VAR1 when set: the memo does that, the message path as before.
  const started = rec.var1 !== '' ? env.tcodeOf(rec.var1) : env.tcodeOf(startedTransaction('', rec.message));
  if (started.tcode !== t.tcode) flagTransaction(env, started, out, ' started (AU3)', false);
}

/** The catalogue entries of this module's rules (DETECTION.md section 5). */
export const TRANSACTION_RULES = defineRecordRules([
  { id: 'TCODE-TABLE-MAINT', title: 'Table maintenance transaction', severity: 'medium', flag: 'TABLE_MAINT_FLAG', reads: 'SM20 or CDHDR TCODE (SM30 SM31 SM34 SE16N SE16 SE17)', nextSteps: 'Check which table was maintained and that a ticket covers the change; direct table maintenance skips application checks.' },
  { id: 'TCODE-HIGH-RISK', title: 'High-risk transaction', severity: 'high', flag: 'HIGH_RISK_TCODE_FLAG', reads: 'SM20 TCODE, the transaction started (AU3), CDHDR TCODE or the header TCODE of a joined change-document row, against the high-risk tcodes list', nextSteps: 'Check that the user is entitled to the transaction and that a ticket covers its use.', sentinel: 'SAP - Execution of a Sensitive Transaction Code' },
  { id: 'TCODE-CONFIG', title: 'Configuration transaction', severity: 'medium', flag: 'OTHER', category: 'config', reads: 'TCODE SPRO RZ10 RZ11 SCC4 SE06', nextSteps: 'Check what was configured and that a change request covers it.', sentinel: 'SAP - (Preview) Sensitive Static Parameter Has Changed' },
  { id: 'TCODE-TRANSPORT', title: 'Transport transaction', severity: 'medium', flag: 'OTHER', category: 'transport', reads: 'TCODE STMS SE01 SE09 SE10', nextSteps: 'Check the transports released or imported against the change process.' },
  { id: 'TCODE-JOB', title: 'Job scheduling transaction', severity: 'medium', flag: 'OTHER', category: 'job_schedule', reads: 'TCODE SM36 SM37 SM62 SM64', nextSteps: 'Check the jobs created or changed, their step user and programs.' },
  { id: 'SAL-AUDIT-DELETE', title: 'Audit log files deleted', severity: 'critical', flag: 'OTHER', category: 'audit_trail', reads: 'TCODE SM18, program or call RSAUPURG or RSAU_CLEAR_AUDIT_LOG', nextSteps: 'Check that the deletion followed the retention policy and that the deleted period was archived.' },
]);
