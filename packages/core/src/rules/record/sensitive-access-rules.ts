/** SAL-DOWNLOAD, SAL-SENSITIVE-PROGRAM, SAL-SENSITIVE-FM (SENSITIVE_ACCESS_FLAG) and calls of audit-log deletion (SAL-AUDIT-DELETE). */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { setFlag, setOther, type FlagResult } from '../../flags/flag-result.ts';
import { flagFunctionTestRun, isFunctionTestRun } from './function-test-rules.ts';
import { EV_CALL, EV_DOWNLOAD, NO_CALLS, type RuleEnv } from './record-env.ts';

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
    if (deleted) setOther(out, 'audit_trail', `audit_trail: Event ${ev}: audit-log deletion ${deleted} called`, 'SAL-AUDIT-DELETE');
    if (isFunctionTestRun(program, rec.tcode)) flagFunctionTestRun(env, rec, out, program);
  }
}
