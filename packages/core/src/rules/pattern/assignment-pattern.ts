/**
 * SENSITIVE_PROFILE_ASSIGNED and SENSITIVE_ROLE_ASSIGNED: one pattern per change document and
 * assignment of a watched profile or role, at the time of the document, user = who assigned it.
 */
import type { SecurityEvent } from '../../facts/file-facts.ts';
import type { SuspiciousPattern } from '../../model/index.ts';
import { actorOf, K, pattern, type PatternEnv } from './pattern-env.ts';

export function findAssignments(
  env: PatternEnv,
  kind: SecurityEvent[0],
  name: 'SENSITIVE_PROFILE_ASSIGNED' | 'SENSITIVE_ROLE_ASSIGNED',
  what: string,
  /** Whether the assignment counts, given its target and the time its document gives it (all when absent). */
  counts?: (target: string, epoch: number) => boolean,
): void {
  const assigned = new Set<string>();
  const found: SuspiciousPattern[] = [];
  for (const e of env.securityEvents) {
    if (e[K.kind] !== kind) continue;
    const once = `${e[K.key]}\u0001${e[K.target]}`;
    if (assigned.has(once)) continue;
    assigned.add(once);
    const { user, epoch } = actorOf(env, e);
    if (Number.isNaN(epoch) || (counts !== undefined && !counts(e[K.target], epoch))) continue;
    found.push(pattern(name, 'critical', user, epoch, `${what} ${e[K.target]}`));
  }
  env.hits.addPatterns(found);
}
