/**
 * SENSITIVE_ROLE_ASSIGNED: a role of the sensitive-roles watchlist assigned (AGR_USERS insert) or made
 * valid again, once per document and assignment. Made valid again: its old end of validity (TO_DAT,
 * VALUE_OLD) lay before the day of the change and its new end is on or after it; an item whose date
 * only its header knows carries both ends (change-document-rules.ts) and is judged here.
 */
import { definePattern } from './define-pattern.ts';
import { formatEpoch } from '../../facts/file-facts.ts';
import { defineFact } from './define-fact.ts';
import { validAgain, validityOf } from '../record/change-document-keys.ts';
import { findAssignments } from './assignment-pattern.ts';
import type { PatternEnv } from './pattern-env.ts';

/**
 * A sensitive role assigned to a user, or its assignment made valid again (AGR_USERS;
 * change-document-rules.ts marks it with "ROLE to USER" and, for a validity change, both ends).
 */
export const ROLE_ASSIGNED = defineFact({
  kind: 'role_assigned',
  about: 'a role of the sensitive-roles watchlist assigned to a user or made valid again (AGR_USERS)',
  records: { CDPOS: { target: 'marked', key: 'docKey' } },
});

function find(env: PatternEnv): void {
  findAssignments(env, ROLE_ASSIGNED.kind, 'SENSITIVE_ROLE_ASSIGNED', 'Sensitive role', (target, epoch) => {
    const validity = validityOf(target);
    return validity === undefined || validAgain(validity, formatEpoch(epoch).slice(0, 10));
  });
}

export const SENSITIVE_ROLE_ASSIGNED = definePattern(
  {
    name: 'SENSITIVE_ROLE_ASSIGNED',
    severity: 'critical',
    title: 'Sensitive role assigned',
    summary: 'A role of the sensitive-roles watchlist was assigned to a user, or its assignment made valid again.',
    reads: 'an insert on AGR_USERS in PFCG or IDENTITY change documents (client, role and user in TABKEY), or a change of its end of validity (TO_DAT) that makes an expired assignment valid again (the old end, VALUE_OLD, before the day of the change; the new one on or after it), with a role of the sensitive-roles watchlist',
    nextSteps: 'Check the approval of the assignment; roles such as SAP_BC_BASIS_ADMIN belong to a few administrators and should be given only through the access request process.',
    sentinel: 'SAP - Assignment of a sensitive role',
  },
  { find, collects: [ROLE_ASSIGNED] },
);
