/** SAL-DOWNLOAD, SAL-SENSITIVE-PROGRAM, SAL-SENSITIVE-FM (SENSITIVE_ACCESS_FLAG) and calls of audit-log deletion (SAL-AUDIT-DELETE). */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { setFlag, setOther, type FlagResult } from '../../flags/flag-result.ts';
import { EV_CALL, EV_DOWNLOAD, type RuleEnv } from './record-env.ts';

/** Downloads (AUY), and program or function-module calls (AUW, AUK) against the sensitive programs. `e`: the event's EV_ bits. */
export function flagSensitiveAccess(env: RuleEnv, rec: CanonicalRecord, out: FlagResult, e: number): void {
  const ev = rec.event;
  if (e & EV_DOWNLOAD) {
    setFlag(out, 'SENSITIVE_ACCESS_FLAG', env.full ? `Event AUY: download${rec.var1 ? ` of ${rec.var1} bytes` : ''}${rec.var3 ? ` to ${rec.var3}` : ''}` : '', 'SAL-DOWNLOAD');
  } else if (e & EV_CALL) {
    // The program is mostly VAR1 again: the same text gives the same answer.
    const sensitiveCall = env.sensitiveCall;
    const auditDelete = env.auditDelete;
    const var1 = rec.var1;
    const program = rec.program;
    const call = sensitiveCall(var1) || sensitiveCall(rec.var2) || sensitiveCall(rec.var3) || (program !== var1 ? sensitiveCall(program) : '') || sensitiveCall(rec.message);
    const fm = ev === 'AUK';
    if (call) setFlag(out, 'SENSITIVE_ACCESS_FLAG', env.full ? `Event ${ev}: call of sensitive ${fm ? 'function module' : 'program'} ${call}` : '', fm ? 'SAL-SENSITIVE-FM' : 'SAL-SENSITIVE-PROGRAM');
    const deleted = auditDelete(var1) || auditDelete(rec.var2) || auditDelete(rec.var3) || (program !== var1 ? auditDelete(program) : '');
    if (deleted) setOther(out, 'audit_trail', `audit_trail: Event ${ev}: audit-log deletion ${deleted} called`, 'SAL-AUDIT-DELETE');
  }
}
