/** Display helpers shared by the screens. */

/** First 8 characters plus an ellipsis (spec: ID display). */
export function shortId(id: string | undefined): string {
  if (!id) return '';
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '-';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Size in KB as the multi-upload slots show it. */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function formatDateTime(value: string | number | undefined): string {
  if (value === undefined || value === '') return '-';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : d.toLocaleString();
}

export function formatNumber(n: number | undefined): string {
  return (n ?? 0).toLocaleString('en-US');
}

/** DEBUG_FLAG -> "DEBUG FLAG" (spec: underscores replaced by spaces). */
export function prettifyFlag(name: string): string {
  return name.replace(/_/g, ' ');
}
