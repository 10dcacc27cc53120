/** USER_CREATED_AND_USED, USER_UNLOCKED_AND_USED: user X created or unlocked by A, then X logs on from A's terminal or address within 60 minutes. */
import { formatEpoch } from '../../facts/index.ts';
import type { PatternName } from '../../model/index.ts';
import { sm20CompletionKey } from './completion-keys.ts';
import { logonIndexOf } from './logon-windows.ts';
import { eventsOfKind, K, MINUTE, pattern, type PatternEnv, type PatternRule } from './pattern-env.ts';

/** The logon completes the pattern. */
function findUsed(env: PatternEnv, kind: 'C' | 'U', name: PatternName, verb: string): void {
  const index = env.shared(logonIndexOf);
  const found = [];
  for (const e of eventsOfKind(env, kind)) {
    const target = e[K.target].trim().toUpperCase();
    if (target === '' || target === e[K.user].toUpperCase()) continue;
    const to = e[K.epoch] + 60 * MINUTE;
    const hit = (e[K.terminal] !== '' ? index.first(`T${e[K.terminal]}`, e[K.epoch], to, target) : undefined) ?? (e[K.peer] !== '' ? index.first(`A${e[K.peer]}`, e[K.epoch], to, target) : undefined);
    if (!hit) continue;
    const from = hit[K.terminal] !== '' && hit[K.terminal] === e[K.terminal] ? `terminal ${hit[K.terminal]}` : `address ${hit[K.peer]}`;
    found.push(pattern(name, 'high', e[K.user], hit[K.epoch], `User ${e[K.target]} ${verb} by ${e[K.user]} at ${formatEpoch(e[K.epoch]).slice(11)}, then logged on from ${e[K.user]}'s ${from}`));
    env.complete(sm20CompletionKey(hit[K.user], hit[K.epoch]), name);
  }
  env.hits.addPatterns(found);
}

export const USER_CREATED_AND_USED: PatternRule = { name: 'USER_CREATED_AND_USED', reads: [], find: (env) => findUsed(env, 'C', 'USER_CREATED_AND_USED', 'created') };
export const USER_UNLOCKED_AND_USED: PatternRule = { name: 'USER_UNLOCKED_AND_USED', reads: [], find: (env) => findUsed(env, 'U', 'USER_UNLOCKED_AND_USED', 'unlocked or given a new password') };
