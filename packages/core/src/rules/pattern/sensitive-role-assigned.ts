/**
 * SENSITIVE_ROLE_ASSIGNED: a role of the sensitive-roles watchlist assigned (AGR_USERS insert) or made
 * valid again, once per document and assignment. Made valid again: its old end of validity (TO_DAT,
 * VALUE_OLD) lay before the day of the change and its new end is on or after it; an item whose date
 * only its header knows carries both ends and is judged in `find` with the header's date.
 */
import { definePattern } from './define-pattern.ts';
import { formatEpoch } from '../../facts/file-facts.ts';
import { defineFact } from './define-fact.ts';
import { listedRoleItem, ROLE_CLASSES, validAgain, validityOf, validityText } from '../record/change-document-keys.ts';
import { findAssignments } from './assignment-pattern.ts';
import type { PatternEnv } from './pattern-env.ts';

/**
 * A sensitive role assigned to a user, or its assignment made valid again: a PFCG or IDENTITY item on
 * AGR_USERS whose role is on the sensitive-roles list, an insert or a change of its end of validity
 * that makes it valid again on the item's day. Kept as "ROLE to USER" and, for a validity change, both
 * ends; an item whose date only its header knows is kept with both ends and judged in `find`.
 */
export const ROLE_ASSIGNED = defineFact({
  kind: 'role_assigned',
  about: 'a role of the sensitive-roles watchlist assigned to a user or made valid again (AGR_USERS)',
  changes: [{ tables: ['AGR_USERS'], classes: [...ROLE_CLASSES] }],
  judge: {
    list: 'sensitiveRoles',
    item(rec, roles) {
      const item = listedRoleItem(rec, roles);
      if (item === undefined) return undefined;
      if (item.ind === 'I') return `${item.role} to ${item.owner}`;
      if (item.validity !== undefined && (rec.date === '' || validAgain(item.validity, rec.date))) return `${item.role} to ${item.owner} ${validityText(item.validity)}`;
      return undefined;
    },
  },
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
