import { describe, expect, it } from 'vitest';
import type { AnalysisListItem } from '../../api/types.ts';
import { aggregateTotals, latestPerFile, mergeHeatmap, mergeTimeline } from './aggregate.ts';

function analysis(id: string, fileName: string, completedAt: string, total: number, flagged: number, flags: Record<string, number>): AnalysisListItem {
  return { analysisId: id, fileName, status: 'completed', completedAt, summary: { total_records: total, flagged_records: flagged, flag_counts: flags } };
}

const list: AnalysisListItem[] = [
  analysis('a1', 'sm20.csv', '2026-01-01T10:00:00Z', 100, 10, { DEBUG_FLAG: 4, HIGH_RISK_TCODE_FLAG: 6 }),
  analysis('a2', 'sm20.csv', '2026-01-02T10:00:00Z', 200, 30, { DEBUG_FLAG: 5, HIGH_RISK_TCODE_FLAG: 1, HIGH_RISK_TABLE_FLAG: 2, CHANGE_TIMING_FLAG: 7 }),
  analysis('a3', 'cdpos.csv', '2026-01-01T09:00:00Z', 50, 5, { SENSITIVE_FIELD_FLAG: 3, SENSITIVE_OBJECT_FLAG: 2 }),
  { analysisId: 'a4', fileName: 'x.csv', status: 'failed' },
];

describe('latestPerFile', () => {
  it('keeps the latest completed analysis per file name', () => {
    expect(latestPerFile(list).map((a) => a.analysisId).sort()).toEqual(['a2', 'a3']);
  });
});

describe('aggregateTotals', () => {
  it('counts every analysis but sums only the latest per file', () => {
    const t = aggregateTotals(list);
    expect(t.totalAnalyses).toBe(4);
    expect(t.recordsProcessed).toBe(250);
    expect(t.flaggedRecords).toBe(35);
    expect(t.detectionRate).toBe('14.0');
    expect(t.criticalAlerts).toBe(3);
    expect(t.debugSessions).toBe(5);
    expect(t.timingAnomalies).toBe(7);
    expect(t.sensitiveChanges).toBe(5);
    expect(t.totalFlags).toBe(20);
  });
  it('gives 0% without records', () => {
    expect(aggregateTotals([]).detectionRate).toBe('0');
    expect(aggregateTotals([]).totalAnalyses).toBe(0);
  });
});

describe('mergeTimeline', () => {
  it('sums days across analyses and keeps every record day in order', () => {
    const points = mergeTimeline([
      { timeline: { '2026-01-10': { failedLogins: 2, highRisk: 1, dataModifications: 0 }, '2025-03-01': { failedLogins: 0, highRisk: 0, dataModifications: 9 } }, heatmap: {} },
      { timeline: { '2026-01-10': { failedLogins: 1, highRisk: 0, dataModifications: 4 }, '2026-01-12': { failedLogins: 0, highRisk: 3, dataModifications: 1 } }, heatmap: {} },
      undefined,
    ]);
    expect(points.map((p) => p.day)).toEqual(['2025-03-01', '2026-01-10', '2026-01-12']);
    expect(points[1]).toEqual({ day: '2026-01-10', failedLogins: 3, highRisk: 1, dataModifications: 4 });
  });
  it('returns nothing when there is no data (no invented numbers)', () => {
    expect(mergeTimeline([undefined, { timeline: {}, heatmap: {} }])).toEqual([]);
  });
});

describe('mergeHeatmap', () => {
  it('adds hourly counts per module and is null when empty', () => {
    const fi = Array(24).fill(0);
    fi[9] = 5;
    const merged = mergeHeatmap([{ timeline: {}, heatmap: { FI: fi } }, { timeline: {}, heatmap: { FI: fi, XX: fi } }]);
    expect(merged!.FI[9]).toBe(10);
    expect(merged!.BC).toEqual(Array(24).fill(0));
    expect(Object.keys(merged!)).toEqual(['FI', 'CO', 'MM', 'SD', 'HR', 'BASIS', 'ABAP', 'BC']);
    expect(mergeHeatmap([{ timeline: {}, heatmap: { FI: Array(24).fill(0) } }])).toBeNull();
  });
});
