/** SENSITIVE_ROLE_ASSIGNED: a role of the sensitive-roles watchlist assigned (AGR_USERS insert) or made valid again, once per document and assignment. */
import { definePattern, type PatternRule } from './define-pattern.ts';
import { SECURITY_KIND } from '../../flags/security-kinds.ts';
import { K, pattern, type PatternEnv } from './pattern-env.ts';

function find(env: PatternEnv): void {
  const assigned = new Set<string>();
  const found = [];
  for (const e of env.securityEvents) {
    if (e[K.kind] !== SECURITY_KIND.roleAssigned) continue;
    const once = `${e[K.key]}\u0001${e[K.target]}`;
    if (assigned.has(once)) continue;
    assigned.add(once);
    let user = e[K.user];
    let t = e[K.epoch];
    // A non-joined item knows its user and time from its header only.
    if (user === '' || Number.isNaN(t)) {
      const h = env.headerOf(e[K.key]);
      if (h) {
        user ||= h.user;
        if (Number.isNaN(t)) t = h.epoch;
      }
    }
    if (Number.isNaN(t)) continue;
    found.push(pattern('SENSITIVE_ROLE_ASSIGNED', 'critical', user, t, `Sensitive role ${e[K.target]}`));
  }
  env.hits.addPatterns(found);
}

export const SENSITIVE_ROLE_ASSIGNED: PatternRule<'SENSITIVE_ROLE_ASSIGNED'> = definePattern(
  {
    name: 'SENSITIVE_ROLE_ASSIGNED',
    severity: 'critical',
    title: 'Sensitive role assigned',
    summary: 'A role of the sensitive-roles watchlist was assigned to a user, or its assignment made valid again.',
    reads: 'an insert on AGR_USERS in PFCG or IDENTITY change documents (client, role and user in TABKEY), or a change of its end of validity (TO_DAT) that makes it valid again, with a role of the sensitive-roles watchlist',
    nextSteps: 'Check the approval of the assignment; roles such as SAP_BC_BASIS_ADMIN belong to a few administrators and should be given only through the access request process.',
    sentinel: 'SAP - Assignment of a sensitive role',
  },
  { find },
);
