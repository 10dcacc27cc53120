import { FLAG_KEYS, type AnalysisSummary, type FlagCounts } from '../model/index.ts';

export function emptyFlagCounts(): FlagCounts {
  return Object.fromEntries(FLAG_KEYS.map((k) => [k, 0])) as FlagCounts;
}

/** Adds one record's flag mask to a summary. */
export function countMask(summary: AnalysisSummary, mask: number): void {
  summary.total_records++;
  if (mask === 0) return;
  summary.flagged_records++;
  for (let i = 0; i < FLAG_KEYS.length; i++) if (mask & (1 << i)) summary.flag_counts[FLAG_KEYS[i]!]++;
}

export function emptySummary(): AnalysisSummary {
  return { total_records: 0, flagged_records: 0, flag_counts: emptyFlagCounts() };
}
