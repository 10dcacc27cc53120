/** FAILED_LOGON_BURST: per burst of failed logons, the user, or the terminal or address with the users in the activity. */
import { definePattern } from './define-pattern.ts';
import type { FailedLogon } from '../../facts/file-facts.ts';
import type { SuspiciousPattern } from '../../model/index.ts';
import { findLogonBursts, logonBurstsOf, type LogonBurst } from './logon-bursts.ts';
import { pattern, type PatternEnv } from './pattern-env.ts';

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

export const FAILED_LOGON_BURST = definePattern(
  { name: 'FAILED_LOGON_BURST', severity: 'medium', title: 'Burst of failed logons', summary: '{burst.count} or more failed logons for one user or from one terminal or address within {burst.minutes} minutes.', reads: 'SM20 AU2 AU6 AUO BU1 per user, terminal or peer address ({burst.count} in {burst.minutes} minutes)', nextSteps: 'Check whether a logon succeeded afterwards and whether the source is known.', sentinel: 'SAP - Brute Force (RFC)', settings: [{ key: 'burst', kind: 'numbers', fields: { count: { default: 5, min: 2, max: 1000, label: 'Failed logons per burst', unit: 'failed logons', help: 'FAILED_LOGON_BURST' }, minutes: { default: 10, min: 1, max: 1440, label: 'Burst window in minutes', unit: 'minutes' } } }] },
  { find },
);
