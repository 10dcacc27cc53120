/** BRUTE_FORCE_SUCCESS: a burst of failed logons, then a logon of the same user or from the same terminal or address. */
import { formatEpoch, type SecurityEvent } from '../../facts/index.ts';
import { sm20CompletionKey } from './completion-keys.ts';
import { logonBurstsOf, type LogonBurst } from './logon-bursts.ts';
import { logonIndexOf } from './logon-windows.ts';
import { K, MINUTE, pattern, type PatternEnv, type PatternRule } from './pattern-env.ts';

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

export const BRUTE_FORCE_SUCCESS: PatternRule = { name: 'BRUTE_FORCE_SUCCESS', reads: [], find };
