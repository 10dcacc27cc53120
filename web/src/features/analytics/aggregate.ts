/** Security Analytics aggregation (spec section 9, DECISIONS 1: real data only). */
import type { AnalysisListItem, AnalyticsData } from '../../api/types.ts';
import { flaggedRecordsOf, timeOf, totalRecordsOf } from '../../lib/analysis-fields.ts';

export const HEATMAP_MODULES = ['FI', 'CO', 'MM', 'SD', 'HR', 'BASIS', 'ABAP', 'BC'] as const;

export interface AnalyticsTotals {
  totalAnalyses: number;
  recordsProcessed: number;
  totalFlags: number;
  flaggedRecords: number;
  /** flagged / records * 100 with 1 decimal, "0" without records. */
  detectionRate: string;
  criticalAlerts: number;
  debugSessions: number;
  timingAnomalies: number;
  sensitiveChanges: number;
  changeVolume: number;
}

/** Keeps the latest completed analysis per file name (by completion time or timestamp). */
export function latestPerFile(analyses: AnalysisListItem[]): AnalysisListItem[] {
  const byName = new Map<string, AnalysisListItem>();
  for (const a of analyses) {
    if (a.status !== 'completed') continue;
    const name = a.fileName || a.fileNames?.join(', ') || a.analysisId;
    const seen = byName.get(name);
    if (!seen || timeOf(a) > timeOf(seen)) byName.set(name, a);
  }
  return [...byName.values()];
}

export function aggregateTotals(analyses: AnalysisListItem[]): AnalyticsTotals {
  const latest = latestPerFile(analyses);
  const flag = (a: AnalysisListItem, key: string) => a.summary?.flag_counts?.[key] ?? 0;
  const sum = (f: (a: AnalysisListItem) => number) => latest.reduce((s, a) => s + f(a), 0);
  const recordsProcessed = sum(totalRecordsOf);
  const flaggedRecords = sum(flaggedRecordsOf);
  return {
    totalAnalyses: analyses.length,
    recordsProcessed,
    flaggedRecords,
    totalFlags: sum((a) => Object.values(a.summary?.flag_counts ?? {}).reduce((s, n) => s + (n || 0), 0)),
    detectionRate: recordsProcessed > 0 ? ((flaggedRecords / recordsProcessed) * 100).toFixed(1) : '0',
    criticalAlerts: sum((a) => flag(a, 'HIGH_RISK_TCODE_FLAG') + flag(a, 'HIGH_RISK_TABLE_FLAG')),
    debugSessions: sum((a) => flag(a, 'DEBUG_FLAG')),
    timingAnomalies: sum((a) => flag(a, 'CHANGE_TIMING_FLAG')),
    sensitiveChanges: sum((a) => flag(a, 'SENSITIVE_OBJECT_FLAG') + flag(a, 'SENSITIVE_FIELD_FLAG')),
    changeVolume: sum((a) => flag(a, 'CHANGE_VOLUME_FLAG')),
  };
}

export interface TimelinePoint {
  day: string;
  failedLogins: number;
  highRisk: number;
  dataModifications: number;
}

/** Sums the analyses' timelines: one point per record day, in day order ([] when no data). */
export function mergeTimeline(sources: (AnalyticsData | undefined)[]): TimelinePoint[] {
  const merged = new Map<string, TimelinePoint>();
  for (const src of sources) {
    for (const [day, c] of Object.entries(src?.timeline ?? {})) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
      const p = merged.get(day) ?? { day, failedLogins: 0, highRisk: 0, dataModifications: 0 };
      p.failedLogins += c.failedLogins ?? 0;
      p.highRisk += c.highRisk ?? 0;
      p.dataModifications += c.dataModifications ?? 0;
      merged.set(day, p);
    }
  }
  return [...merged.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** Module -> 24 hourly counts summed over the analyses; null when every count is zero. */
export function mergeHeatmap(sources: (AnalyticsData | undefined)[]): Record<string, number[]> | null {
  const out: Record<string, number[]> = Object.fromEntries(HEATMAP_MODULES.map((m) => [m, Array(24).fill(0)]));
  let any = false;
  for (const src of sources) {
    for (const [module, counts] of Object.entries(src?.heatmap ?? {})) {
      const row = out[module];
      if (!row) continue;
      counts.slice(0, 24).forEach((n, h) => {
        row[h] += n || 0;
        if (n) any = true;
      });
    }
  }
  return any ? out : null;
}

export type HeatLevel = 'none' | 'low' | 'medium-low' | 'medium' | 'high';
