import type { AnalysisListItem } from '../api/types.ts';

/** The spec allows createdAt or createdDate, totalRecords or total_records: read whichever is there. */
export function createdOf(a: AnalysisListItem): string | undefined {
  return a.createdAt ?? a.createdDate ?? a.timestamp;
}

export function totalRecordsOf(a: AnalysisListItem): number {
  return a.summary?.total_records ?? a.totalRecords ?? a.total_records ?? 0;
}

export function flaggedRecordsOf(a: AnalysisListItem): number {
  return a.summary?.flagged_records ?? 0;
}

export function timeOf(a: AnalysisListItem): number {
  const t = Date.parse(a.completedAt ?? createdOf(a) ?? '');
  return Number.isNaN(t) ? 0 : t;
}

/** Newest first. */
export function sortNewestFirst<T extends AnalysisListItem>(items: T[]): T[] {
  return [...items].sort((a, b) => Date.parse(createdOf(b) ?? '') - Date.parse(createdOf(a) ?? '') || timeOf(b) - timeOf(a));
}
