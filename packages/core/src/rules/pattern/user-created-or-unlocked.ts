/** USER_CREATED_AND_USED, USER_UNLOCKED_AND_USED: user X created or unlocked by A, then X logs on from A's terminal or address within 60 minutes. */
import { definePattern } from './define-pattern.ts';
import { formatEpoch, type SecurityEvent } from '../../facts/file-facts.ts';
import type { PatternName } from '../../model/index.ts';
import { sm20CompletionKey } from './completion-keys.ts';
import { logonIndexOf } from './logon-windows.ts';
import { eventsOfKind, K, MINUTE, pattern, type PatternEnv } from './pattern-env.ts';
import { USER_CREATED, USER_UNLOCKED } from './user-admin-facts.ts';

/** The logon completes the pattern. */
function findUsed(env: PatternEnv, kind: SecurityEvent[0], name: PatternName, verb: string): void {
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

export const USER_CREATED_AND_USED = definePattern(
  { name: 'USER_CREATED_AND_USED', severity: 'high', title: 'User created and then used from the creator’s machine', summary: 'A new user logged on from the creator’s terminal within 60 minutes of being created.', reads: 'AU7 (user X created by A), then a logon of X from A’s terminal or address within 60 minutes', nextSteps: 'Ask A why they logged on as the new user; delete or lock it if unexplained.', sentinel: 'SAP - User Creates and uses new user' },
  { find: (env) => findUsed(env, USER_CREATED.kind, 'USER_CREATED_AND_USED', 'created'), collects: [USER_CREATED] },
);
export const USER_UNLOCKED_AND_USED = definePattern(
  { name: 'USER_UNLOCKED_AND_USED', severity: 'high', title: 'User unlocked and then used from the unlocker’s machine', summary: 'A user logged on from the unlocker’s terminal within 60 minutes of being unlocked or given a new password.', reads: 'AUA or BU2 (X unlocked or password changed by A), then a logon of X from A’s terminal or address within 60 minutes', nextSteps: 'Ask A why they used the unlocked user; lock it again if unexplained.', sentinel: 'SAP - User Unlocks and uses other users; SAP - Sensitive User\'s Password Change and Log in' },
  { find: (env) => findUsed(env, USER_UNLOCKED.kind, 'USER_UNLOCKED_AND_USED', 'unlocked or given a new password'), collects: [USER_UNLOCKED] },
);
