/**
 * MULTIPLE_LOGONS_BY_IP: successful logons of `addressLogons.users` or more different users from one
 * peer address (without its port) within `addressLogons.minutes`: one address used by several
 * accounts (a shared or scripted source). One pattern per run, at the logon that reached the
 * threshold, naming the run's users; the pattern's user is the address, as FAILED_LOGON_BURST names
 * an address. A logon without a peer address (the terminal only) is not judged.
 */
import type { SuspiciousPattern } from '../../model/index.ts';
import { definePattern } from './define-pattern.ts';
import { distinctRuns } from './distinct-runs.ts';
import { type LoggedLogon, logonsByUser } from './logon-log.ts';
import { MINUTE, pattern, type PatternEnv } from './pattern-env.ts';

function find(env: PatternEnv): void {
  const th = env.thresholds.addressLogons;
  const byAddress = new Map<string, LoggedLogon[]>();
  for (const list of logonsByUser(env.logonLogs).values()) {
    for (const l of list) {
      if (!l.peer || l.address === '') continue;
      let at = byAddress.get(l.address);
      if (at === undefined) byAddress.set(l.address, (at = []));
      at.push(l);
    }
  }
  const found: SuspiciousPattern[] = [];
  for (const [address, list] of byAddress) {
    list.sort((a, b) => a.time - b.time);
    for (const run of distinctRuns(list, (l) => l.time, (l) => l.user, th.minutes * MINUTE, th.users)) {
      const users = [...run.values];
      found.push(pattern('MULTIPLE_LOGONS_BY_IP', 'medium', address, list[run.reached]!.time, `Logons of ${users.length} different users from ${address}, ${th.users} or more within ${th.minutes} minutes (${users.slice(0, 20).join(', ')}${users.length > 20 ? ' …' : ''})`));
    }
  }
  env.hits.addPatterns(found);
}

export const MULTIPLE_LOGONS_BY_IP = definePattern(
  {
    name: 'MULTIPLE_LOGONS_BY_IP',
    severity: 'medium',
    title: 'Several accounts used from one address',
    summary: 'Successful logons of {addressLogons.users} or more different users from one address within {addressLogons.minutes} minutes: one source using several accounts.',
    reads: 'SM20 AU1 AU5 per peer address without its port ({addressLogons.users} users in {addressLogons.minutes} minutes; logons without an address are not judged)',
    nextSteps: 'Find what the address is: a terminal server or a gateway explains it; a workstation or an unknown host logging on as several users points to shared or stolen credentials.',
    sentinel: 'SAP - Multiple Logons by IP',
    settings: [{ key: 'addressLogons', kind: 'numbers', fields: { users: { default: 3, min: 2, max: 1000, label: 'Users logging on from one address', unit: 'users', help: 'MULTIPLE_LOGONS_BY_IP' }, minutes: { default: 60, min: 1, max: 1440, label: 'Address logons window in minutes', unit: 'minutes' } } }],
  },
  { find },
);
