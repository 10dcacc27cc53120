/** DEBUGGER_DATA_CHANGE: a debugger field change (CUL), then a change document or DU9/CUZ change by the same user within 60 minutes. */
import type { Activity } from '../../facts/index.ts';
import type { SuspiciousPattern } from '../../model/index.ts';
import { MINUTE, pattern, type PatternEnv, type PatternRule, type TimesByUser } from './pattern-env.ts';

export function findDebuggerDataChanges(debuggerChanges: Activity[], docTimes: TimesByUser, tableTimes: TimesByUser): SuspiciousPattern[] {
  return debuggerChanges
    .filter(([user, t]) => docTimes.hasBetween(user, t, t + 60 * MINUTE) || tableTimes.hasBetween(user, t + 1, t + 60 * MINUTE))
    .map(([user, t, activity]) => pattern('DEBUGGER_DATA_CHANGE', 'critical', user, t, activity));
}

function find(env: PatternEnv): void {
  env.hits.addPatterns(findDebuggerDataChanges(env.facts.flatMap((f) => f.debuggerChanges), env.docTimes, env.tableTimes));
}

export const DEBUGGER_DATA_CHANGE: PatternRule = { name: 'DEBUGGER_DATA_CHANGE', reads: [], find };
