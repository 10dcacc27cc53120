/** Display helpers shared by the risk-management tables. */

/** IDs (user subs) are shown as their first 8 characters plus an ellipsis (spec section 9). */
export function truncateId(id: string | null | undefined, length = 8): string {
  if (!id) return '-';
  return id.length > length ? `${id.slice(0, length)}…` : id;
}

/** A person by e-mail when known, else the shortened ID ('system' stays as it is). */
export function personLabel(email: string | undefined, id: string | null | undefined): string {
  return email || truncateId(id);
}

/** A date without time, or '-' when missing or unreadable. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '-' : date.toLocaleDateString();
}

/** Date and time, for the audit log. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '-' : date.toLocaleString();
}
