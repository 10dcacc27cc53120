import { FLAG_KEYS, type AnalysisSummary, type FlagCounts } from '../../model/index.ts';

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

/**
 * Records per flag mask (FLAG_KEYS bit i = flag i): counting a record is one increment, the
 * summary is made once at the end (`addTo`).
 */
export class MaskCounts {
  private readonly counts = new Float64Array(1 << FLAG_KEYS.length);

  add(mask: number): void {
    this.counts[mask]!++;
  }

  /** Adds every counted record to `summary`, as countMask per record would. */
  addTo(summary: AnalysisSummary): void {
    const c = this.counts;
    for (let mask = 0; mask < c.length; mask++) {
      const n = c[mask]!;
      if (n === 0) continue;
      summary.total_records += n;
      if (mask === 0) continue;
      summary.flagged_records += n;
      for (let i = 0; i < FLAG_KEYS.length; i++) if (mask & (1 << i)) summary.flag_counts[FLAG_KEYS[i]!] += n;
    }
  }
}

export function emptySummary(): AnalysisSummary {
  return { total_records: 0, flagged_records: 0, flag_counts: emptyFlagCounts() };
}
