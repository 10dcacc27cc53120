/** BRUTE_FORCE_SUCCESS: a burst of failed logons, then a logon of the same user or from the same terminal or address. */
import { definePattern } from './define-pattern.ts';
import { formatEpoch, type SecurityEvent } from '../../facts/file-facts.ts';
import { sm20CompletionKey } from './completion-keys.ts';
import { logonBurstsOf, type LogonBurst } from './logon-bursts.ts';
import { logonIndexOf } from './logon-windows.ts';
import { K, MINUTE, pattern, type PatternEnv } from './pattern-env.ts';

/** One pattern per logon, naming the largest burst before it; the logon completes it. */
function find(env: PatternEnv): void {
  const th = env.thresholds;
  const index = env.shared(logonIndexOf);
  const bruteForce = new Map<SecurityEvent, LogonBurst>();
  for (const b of env.shared(logonBurstsOf)) {
    const to = b.end + th.bruteForceMinutes * MINUTE;
    const hit = b.by === 'user' ? index.first(`U${b.key}`, b.end, to) : index.first(`${b.by === 'terminal' ? 'T' : 'A'}${b.key}`, b.end, to);
    if (hit && (bruteForce.get(hit)?.count ?? 0) < b.count) bruteForce.set(hit, b);
  }
  const found = [];
  for (const [hit, b] of bruteForce) {
    const source = b.by === 'user' ? '' : ` from ${b.by} ${b.key}`;
    found.push(pattern('BRUTE_FORCE_SUCCESS', 'critical', hit[K.user], hit[K.epoch], `Logon of ${hit[K.user]} at ${formatEpoch(hit[K.epoch]).slice(11)} after ${b.count} failed logons${source} (${b.users.join(', ')}) from ${formatEpoch(b.start).slice(11)}`));
    env.complete(sm20CompletionKey(hit[K.user], hit[K.epoch]), 'BRUTE_FORCE_SUCCESS');
  }
  env.hits.addPatterns(found);
}

export const BRUTE_FORCE_SUCCESS = definePattern(
  { name: 'BRUTE_FORCE_SUCCESS', severity: 'critical', title: 'Successful logon after a burst of failures', summary: 'A burst of failed logons followed within {bruteForceMinutes} minutes by a successful one.', reads: 'a failed-logon burst, then AU1/AU5 of the same user or from the same terminal or address within {bruteForceMinutes} minutes', nextSteps: 'Treat the account as compromised until the owner confirms the logon; review what the session did.', settings: [{ key: 'bruteForceMinutes', kind: 'number', default: 30, min: 1, max: 1440, label: 'Brute force: minutes after the burst', unit: 'minutes', help: 'BRUTE_FORCE_SUCCESS' }] },
  { find },
);
