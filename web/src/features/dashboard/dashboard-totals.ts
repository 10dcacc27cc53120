import type { AnalysisListItem } from '../../api/types.ts';
import { flaggedRecordsOf, totalRecordsOf } from '../../lib/analysis-fields.ts';

export interface QuickTotals {
  totalAnalyses: number;
  totalRecords: number;
  flaggedRecords: number;
}

/** Totals over every listed analysis (records only from completed ones). */
export function computeQuickTotals(analyses: AnalysisListItem[]): QuickTotals {
  const completed = analyses.filter((a) => a.status === 'completed');
  return {
    totalAnalyses: analyses.length,
    totalRecords: completed.reduce((s, a) => s + totalRecordsOf(a), 0),
    flaggedRecords: completed.reduce((s, a) => s + flaggedRecordsOf(a), 0),
  };
}

/** "12.34% of total", or null when nothing was analysed. */
export function flaggedShare(t: QuickTotals): string | null {
  if (t.totalRecords <= 0) return null;
  return `${((t.flaggedRecords / t.totalRecords) * 100).toFixed(2)}% of total`;
}
