import type { AnalysisResult } from '../../api/types.ts';

export function isMulti(r: AnalysisResult): boolean {
  return r.analysis_type === 'multi';
}

export function totalsOf(r: AnalysisResult): { total: number; flagged: number } {
  const rc = r.correlation_results?.risk_correlation;
  if (isMulti(r) && rc) return { total: rc.total_records_analyzed, flagged: rc.total_flagged_records };
  return { total: r.summary?.total_records ?? 0, flagged: r.summary?.flagged_records ?? 0 };
}

/** flagged / total as a percentage with 2 decimals ("0.00" with no records). */
export function detectionRate(flagged: number, total: number): string {
  return total > 0 ? ((flagged / total) * 100).toFixed(2) : '0.00';
}

export function filesAnalyzed(r: AnalysisResult): string[] {
  return r.correlation_results?.risk_correlation?.files_correlated ?? r.files?.map((f) => f.name) ?? r.fileTypes ?? [];
}

/** "SM20" for single, "{n} Files" for multi. */
export function fileTypeLabel(r: AnalysisResult): string {
  if (isMulti(r)) return `${filesAnalyzed(r).length || r.files?.length || 0} Files`;
  return r.fileType ?? r.fileTypes?.[0] ?? 'Unknown';
}

export function completedAtOf(r: AnalysisResult): string | undefined {
  return r.completedAt ?? r.timestamp;
}
