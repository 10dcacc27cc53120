/** SAL-DOWNLOAD, SAL-SENSITIVE-PROGRAM, SAL-SENSITIVE-FM (SENSITIVE_ACCESS_FLAG) and calls of audit-log deletion (SAL-AUDIT-DELETE). */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { markFact, setFlag, setOther, type FlagResult } from '../../flags/flag-result.ts';
import { AUDIT_TAMPERING } from '../pattern/audit-log-tampering.ts';
import { flagFunctionTestRun, isFunctionTestRun } from './function-test-rules.ts';
import { EV_CALL, EV_DOWNLOAD, NO_CALLS, type RuleEnv } from './record-env.ts';
import { defineRecordRules } from './define-record-rules.ts';

/** Downloads (AUY), and program or function-module calls (AUW, AUK) against the sensitive programs. `e`: the event's EV_ bits. */
export function flagSensitiveAccess(env: RuleEnv, rec: CanonicalRecord, out: FlagResult, e: number): void {
  const ev = rec.event;
  if (e & EV_DOWNLOAD) {
    setFlag(out, 'SENSITIVE_ACCESS_FLAG', env.full ? `Event AUY: download${rec.var1 ? ` of ${rec.var1} bytes` : ''}${rec.var3 ? ` to ${rec.var3}` : ''}` : '', 'SAL-DOWNLOAD');
  } else if (e & EV_CALL) {
    // The program is mostly VAR1 again: the same text gives the same answer.
    const callsIn = env.callsIn;
    const var1 = rec.var1;
    const program = rec.program;
    const c1 = callsIn(var1);
    const c2 = callsIn(rec.var2);
    const c3 = callsIn(rec.var3);
    const cp = program !== var1 ? callsIn(program) : NO_CALLS;
    // The message is searched for a sensitive call only, and only when no variable or the program names one.
    const call = c1.call || c2.call || c3.call || cp.call || callsIn(rec.message).call;
    const fm = ev === 'AUK';
    if (call) setFlag(out, 'SENSITIVE_ACCESS_FLAG', env.full ? `Event ${ev}: call of sensitive ${fm ? 'function module' : 'program'} ${call}` : '', fm ? 'SAL-SENSITIVE-FM' : 'SAL-SENSITIVE-PROGRAM');
    const deleted = c1.deleted || c2.deleted || c3.deleted || cp.deleted;
    if (deleted) {
      setOther(out, 'audit_trail', `audit_trail: Event ${ev}: audit-log deletion ${deleted} called`, 'SAL-AUDIT-DELETE');
      markFact(out, AUDIT_TAMPERING);
    }
    if (isFunctionTestRun(program, rec.tcode)) flagFunctionTestRun(env, rec, out, program);
  }
}

/** The catalogue entries of this module's rules (DETECTION.md section 5). */
export const SENSITIVE_ACCESS_RULES = defineRecordRules([
  { id: 'SAL-DOWNLOAD', title: 'Download to a local file', severity: 'medium', flag: 'SENSITIVE_ACCESS_FLAG', reads: 'SM20 event AUY', nextSteps: 'Check what was downloaded (size, file name) and whether the data may leave the system.' },
  { id: 'SAL-SENSITIVE-PROGRAM', title: 'Sensitive program started', severity: 'medium', flag: 'SENSITIVE_ACCESS_FLAG', reads: 'SM20 event AUW against the sensitive programs watchlist', nextSteps: 'Check why the user ran the program and what it did.', sentinel: 'SAP - Execution of a Sensitive ABAP Program; SAP - Execution of an Obsolete or an Insecure Program' },
  { id: 'SAL-SENSITIVE-FM', title: 'Sensitive function module called', severity: 'medium', flag: 'SENSITIVE_ACCESS_FLAG', reads: 'SM20 event AUK against the sensitive programs watchlist', nextSteps: 'Identify the caller (RFC user, terminal) and whether the call is part of a known interface.', sentinel: 'SAP - Unauthorized Remote Execution of a Sensitive Function Module; SAP - Execution of Sensitive Function Module' },
]);
