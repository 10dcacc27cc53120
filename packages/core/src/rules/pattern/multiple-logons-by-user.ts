/**
 * MULTIPLE_LOGONS_BY_USER: successful logons of one user from `sharedLogons.addresses` or more
 * different addresses (the peer address without its port, the terminal where none is given) within
 * `sharedLogons.minutes`; one pattern per run, at the logon that reached the threshold, naming the
 * addresses of the run.
 */
import type { SuspiciousPattern } from '../../model/index.ts';
import { definePattern } from './define-pattern.ts';
import { distinctRuns } from './distinct-runs.ts';
import { logonsByUser } from './logon-log.ts';
import { MINUTE, pattern, type PatternEnv } from './pattern-env.ts';

function find(env: PatternEnv): void {
  const th = env.thresholds.sharedLogons;
  const found: SuspiciousPattern[] = [];
  for (const [user, list] of logonsByUser(env.logonLogs)) {
    for (const run of distinctRuns(list, (l) => l.time, (l) => l.address, th.minutes * MINUTE, th.addresses)) {
      const addresses = [...run.values];
      found.push(pattern('MULTIPLE_LOGONS_BY_USER', 'medium', user, list[run.reached]!.time, `Logons of ${user} from ${addresses.length} different addresses, ${th.addresses} or more within ${th.minutes} minutes (${addresses.slice(0, 20).join(', ')}${addresses.length > 20 ? ' …' : ''})`));
    }
  }
  env.hits.addPatterns(found);
}

export const MULTIPLE_LOGONS_BY_USER = definePattern(
  {
    name: 'MULTIPLE_LOGONS_BY_USER',
    severity: 'medium',
    title: 'One account used from several places',
    summary: 'Successful logons of one user from {sharedLogons.addresses} or more different addresses within {sharedLogons.minutes} minutes: an account used from several places, often shared.',
    reads: 'SM20 AU1 AU5 per user: the peer address without its port, else the terminal ({sharedLogons.addresses} addresses in {sharedLogons.minutes} minutes)',
    nextSteps: 'Find out whether the account is shared or its password known to others; a personal account must be used by one person only.',
    sentinel: 'SAP - Multiple Logons by User; SAP - Multiple Subnets by User',
    settings: [{ key: 'sharedLogons', kind: 'numbers', fields: { addresses: { default: 3, min: 2, max: 1000, label: "Addresses of one user's logons", unit: 'addresses', help: 'MULTIPLE_LOGONS_BY_USER' }, minutes: { default: 60, min: 1, max: 1440, label: 'Logon addresses window in minutes', unit: 'minutes' } } }],
  },
  { find },
);
