/** SENSITIVE_PROFILE_ASSIGNED: a profile of the sensitive-profiles watchlist assigned (UST04, SUSR_UST04), once per document and assignment. */
import { definePattern, type PatternRule } from './define-pattern.ts';
import { SECURITY_KIND as K_ } from '../../flags/security-kinds.ts';
import { K, pattern, type PatternEnv } from './pattern-env.ts';

function find(env: PatternEnv): void {
  const assigned = new Set<string>();
  const found = [];
  for (const e of env.securityEvents) {
    if (e[K.kind] !== K_.profileAssigned) continue;
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

export const SENSITIVE_PROFILE_ASSIGNED: PatternRule<'SENSITIVE_PROFILE_ASSIGNED'> = definePattern(
  { name: 'SENSITIVE_PROFILE_ASSIGNED', severity: 'critical', title: 'Sensitive profile assigned', summary: 'A sensitive profile such as SAP_ALL was assigned to a user.', reads: 'an insert on UST04 or SUSR_UST04 with a profile of the sensitive-profiles watchlist', nextSteps: 'Check the approval; SAP_ALL and similar profiles should only be given through an emergency process.', sentinel: 'SAP - Assignment of a sensitive profile' },
  { find },
);
