/** SENSITIVE_PROFILE_ASSIGNED: a profile of the sensitive-profiles watchlist assigned (UST04, SUSR_UST04), once per document and assignment. */
import { K, pattern, type PatternEnv, type PatternRule } from './pattern-env.ts';

function find(env: PatternEnv): void {
  const assigned = new Set<string>();
  const found = [];
  for (const e of env.securityEvents) {
    if (e[K.kind] !== 'A') continue;
    const once = `${e[K.key]}\u0001${e[K.target]}`;
    if (assigned.has(once)) continue;
    assigned.add(once);
    let user = e[K.user];
    let t = e[K.epoch];
    if (user === '' || Number.isNaN(t)) {
      const h = env.headerOf(e[K.key]);
      if (h) {
        user ||= h.user;
        if (Number.isNaN(t)) t = h.epoch;
      }
    }
    if (Number.isNaN(t)) continue;
    found.push(pattern('SENSITIVE_PROFILE_ASSIGNED', 'critical', user, t, `Sensitive profile ${e[K.target]}`));
  }
  env.hits.addPatterns(found);
}

export const SENSITIVE_PROFILE_ASSIGNED: PatternRule = { name: 'SENSITIVE_PROFILE_ASSIGNED', reads: [], find };
