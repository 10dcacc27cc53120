/**
 * GET /results/{id}/findings/export: the findings workbook (xlsx) or CSV, written on demand
 * next to the analysis's outputs (replaced by the next export, removed with the analysis) and
 * handed out as a short-lived download link, as results.xlsx is.
 */
import { writeFindingsCsv, writeFindingsWorkbook, type FindingsWorkbookRow } from '@app/core/review/index.ts';
import { z } from 'zod';
import { DOWNLOAD_URL_TTL_SECONDS } from '../analyses/analysis-views.ts';
import type { Services } from '../types.ts';
import { analysisPrefix } from '../workspace.ts';
import { loadAnalysisFindings, type AnalysisFindings } from './finding-views.ts';
import { compareFindings, countFindings } from './findings-query.ts';

export const exportQuerySchema = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

export async function exportFindings(services: Services, userSub: string, analysisId: string, format: 'xlsx' | 'csv') {
  const all = await loadAnalysisFindings(services, userSub, analysisId);
  const byId = new Map(all.findings.map((f) => [f.findingId, f]));
  const views = [...all.views].sort(compareFindings);
  const rows: FindingsWorkbookRow[] = views.map((v) => ({
    findingId: v.findingId,
    ruleId: v.rule.id,
    ruleTitle: v.rule.title,
    severity: v.rule.severity,
    user: v.user,
    time: v.time,
    object: v.object,
    summary: v.summary,
    status: v.review.status,
    comment: v.review.comment,
    ticket: v.review.ticket,
    reviewer: v.review.reviewer ?? '',
    reviewedAt: v.review.reviewedAt ?? '',
    suppressedBy: v.suppressed ? `${v.suppressed.suppressionId}: ${v.suppressed.reason}` : '',
    evidence: byId.get(v.findingId)!.evidence,
  }));
  const key = `${analysisPrefix(userSub, analysisId)}findings.${format}`;
  const sink = services.blobs.writer(key, CONTENT_TYPES[format]);
  if (format === 'csv') await writeFindingsCsv(sink, rows);
  else {
    const counts = countFindings(all.views);
    const a = all.analysis;
    await writeFindingsWorkbook(sink, rows, [
      ['Analysis', a.analysisId],
      ['Files', a.fileNames.join(', ')],
      ['Analysed at', a.createdAt],
      ['Exported at', new Date().toISOString()],
      ['Findings', String(counts.total)],
      ['Reviewed', `${counts.reviewed} of ${counts.toReview}`],
      ['Open', String(counts.open)],
      ['Suppressed', String(counts.suppressed)],
      ['Flagged records', recordSourceText(all.recordSource)],
    ]);
  }
  const fileName = `sap-findings-${analysisId.slice(0, 8)}.${format}`;
  const downloadUrl = await services.blobs.presignGet(key, { expiresIn: DOWNLOAD_URL_TTL_SECONDS, downloadName: fileName, contentType: CONTENT_TYPES[format] });
  return { format, fileName, downloadUrl, findings: rows.length };
}

/** What the About sheet says about the record findings. */
export function recordSourceText(source: AnalysisFindings['recordSource']): string {
  if (source.kind === 'samples') return `up to ${source.perFlag} records per flag are findings (analysed before every high-severity record was kept); all flagged records are in results.xlsx`;
  const rest = source.total - source.listed;
  return rest > 0
    ? `the first ${source.listed.toLocaleString('en-US')} of ${source.total.toLocaleString('en-US')} flagged records of high or critical severity are findings (at most ${source.cap.toLocaleString('en-US')}); the other ${rest.toLocaleString('en-US')} are in results.xlsx`
    : `every flagged record of high or critical severity (${source.total.toLocaleString('en-US')}) is a finding`;
}
