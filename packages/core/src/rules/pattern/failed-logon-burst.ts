/** FAILED_LOGON_BURST: per burst of failed logons, the user, or the terminal or address with the users in the activity. */
import type { FailedLogon } from '../../facts/index.ts';
import type { SuspiciousPattern } from '../../model/index.ts';
import { findLogonBursts, logonBurstsOf, type LogonBurst } from './logon-bursts.ts';
import { pattern, type PatternEnv, type PatternRule } from './pattern-env.ts';

function burstPatterns(bursts: readonly LogonBurst[], burst: { minutes: number }): SuspiciousPattern[] {
  return bursts.map((b) => {
    const within = `within ${burst.minutes} minutes`;
    const activity = b.by === 'user' ? `${b.count} failed logons ${within}` : `${b.count} failed logons from ${b.by} ${b.key} ${within} (users ${b.users.join(', ')})`;
    return pattern('FAILED_LOGON_BURST', 'medium', b.by === 'user' ? b.users[0]! : b.key, b.start, activity);
  });
}

/** The patterns of findLogonBursts. */
export function findFailedLogonBursts(failedLogons: readonly FailedLogon[], burst = { count: 5, minutes: 10 }): SuspiciousPattern[] {
  return burstPatterns(findLogonBursts(failedLogons, burst), burst);
}

function find(env: PatternEnv): void {
  env.hits.addPatterns(burstPatterns(env.shared(logonBurstsOf), env.thresholds.burst));
}

export const FAILED_LOGON_BURST: PatternRule = { name: 'FAILED_LOGON_BURST', reads: [], find };
