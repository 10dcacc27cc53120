/** What changed between an audit entry's previous and new value (spec section 2, Audit Log). */

/** Bookkeeping fields every change touches; showing them would hide the real difference. */
const IGNORED_FIELDS = new Set(['lastModified', 'lastModifiedBy']);

export interface FieldDifference {
  field: string;
  before: string;
  after: string;
}

type AuditValue = Record<string, unknown> | null | undefined;

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Fields whose value differs, in the order they first appear, ignoring lastModified and
 * lastModifiedBy. A create lists every field with before '-', a delete every field with after '-'.
 *
 * @example diffAuditValues({ category: 'A', lastModified: 'x' }, { category: 'B', lastModified: 'y' })
 *   // [{ field: 'category', before: 'A', after: 'B' }]
 */
export function diffAuditValues(previous: AuditValue, next: AuditValue, people: Record<string, string> = {}): FieldDifference[] {
  const before = previous ?? {};
  const after = next ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !IGNORED_FIELDS.has(f));
  // A person (addedBy, reviewedBy, …) by e-mail when the server knows it, never a bare UUID.
  const named = (field: string, value: unknown) => (PERSON_FIELDS.has(field) && typeof value === 'string' && people[value] ? people[value] : value);
  return fields
    .map((field) => ({ field, before: show(named(field, before[field])), after: show(named(field, after[field])) }))
    .filter((d) => d.before !== d.after);
}

const PERSON_FIELDS = new Set(['addedBy', 'lastModifiedBy', 'reviewedBy', 'approvedBy', 'rejectedBy']);

/** What an audit entry is about: an access request by its requester's e-mail, else the item's ID. */
export function auditItemLabel(entry: { itemType: string; itemId: string; previousValue: AuditValue; newValue: AuditValue }): string {
  if (entry.itemType === 'access_request') {
    const email = entry.newValue?.email ?? entry.previousValue?.email;
    if (typeof email === 'string' && email) return `Access request of ${email}`;
  }
  return entry.itemId;
}
