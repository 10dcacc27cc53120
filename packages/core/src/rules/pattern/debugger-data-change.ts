/** DEBUGGER_DATA_CHANGE: a debugger field change (CUL), then a change document or DU9/CUZ change by the same user within 60 minutes. */
import { definePattern, type PatternRule } from './define-pattern.ts';
import type { Activity } from '../../facts/file-facts.ts';
import type { SuspiciousPattern } from '../../model/index.ts';
import { MINUTE, pattern, type PatternEnv, type TimesByUser } from './pattern-env.ts';

export function findDebuggerDataChanges(debuggerChanges: Activity[], docTimes: TimesByUser, tableTimes: TimesByUser): SuspiciousPattern[] {
  return debuggerChanges
    .filter(([user, t]) => docTimes.hasBetween(user, t, t + 60 * MINUTE) || tableTimes.hasBetween(user, t + 1, t + 60 * MINUTE))
    .map(([user, t, activity]) => pattern('DEBUGGER_DATA_CHANGE', 'critical', user, t, activity));
}

function find(env: PatternEnv): void {
  env.hits.addPatterns(findDebuggerDataChanges(env.facts.flatMap((f) => f.debuggerChanges), env.docTimes, env.tableTimes));
}

export const DEBUGGER_DATA_CHANGE: PatternRule<'DEBUGGER_DATA_CHANGE'> = definePattern(
  { name: 'DEBUGGER_DATA_CHANGE', severity: 'critical', title: 'Debugger change followed by a data change', summary: 'A debugger field change followed by a data change of the same user within 60 minutes.', reads: 'SM20 CUL, then a change document or DU9/CUZ change by the same user within 60 minutes', nextSteps: 'Compare the debugger session with the data changed; treat as manipulation until explained.', sentinel: 'SAP - Data has Changed During Debugging Activity' },
  { find },
);
