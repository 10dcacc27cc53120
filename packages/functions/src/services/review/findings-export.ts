/**
 * GET /results/{id}/findings/export: the findings workbook (xlsx) or CSV, written on demand
 * next to the analysis's outputs (replaced by the next export, removed with the analysis) and
 * handed out as a short-lived download link, as results.xlsx is. The workbook is written in the
 * review worker from the stored findings.ndjson.
 */
import { z } from 'zod';
import { localDateTime } from '@app/core/review/index.ts';
import { VisibleError } from '../../http/errors.ts';
import { DOWNLOAD_URL_TTL_SECONDS } from '../analyses/analysis-views.ts';
import type { Services } from '../types.ts';
import { analysisPrefix } from '../workspace.ts';
import type { Finding } from '@app/core/review/index.ts';
import { attachEvidence, openFindings, readBytes, runQuery } from './finding-store.ts';
import type { FindingsIndexData } from './findings-index.ts';
import type { Retry } from './review-jobs.ts';
import { reviewPool } from './review-pool.ts';

export const exportQuerySchema = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/**
 * The most findings one export holds: a worksheet's rows less its header (Excel opens no more). The
 * export is made whole in the review worker (every row, and the file read into memory), so the CSV
 * keeps the same bound; a larger analysis (4 x 100 MB exports give about 7 million findings) is
 * refused with a message saying so, not cut short. Tests lower it.
 */
export const exportLimits = { maxFindings: 1_048_575 };

export async function exportFindings(services: Services, userSub: string, analysisId: string, format: 'xlsx' | 'csv') {
  const o = await openFindings(services, userSub, analysisId);
  // Loads the index and the reviews into a worker and gives the counts for the About sheet.
  const head = await runQuery<{ counts: { total: number; reviewed: number; toReview: number; open: number; suppressed: number } } & Pick<FindingsIndexData, 'recordSource'>>(o, {
    type: 'findings',
    filter: {},
    cursor: 0,
    limit: 1,
  });
  const a = o.analysis;
  const counts = head.counts;
  if (counts.total > exportLimits.maxFindings) {
    throw new VisibleError(
      'TOO_LARGE',
      `This analysis has ${counts.total.toLocaleString('en-US')} findings; a findings download holds at most ${exportLimits.maxFindings.toLocaleString('en-US')} (the rows of one worksheet). Review them by case or filter on screen; every record with its flags is in the results workbook and CSV.`,
    );
  }
  const ndjson = await readBytes(services.blobs, o.keys.findings);
  const full = [...o.reviews.values()].map((r) => ({ findingId: r.findingId, status: r.status, comment: r.comment, ticket: r.ticket, reviewer: r.reviewer, reviewedAt: r.reviewedAt }));
  const job = {
    type: 'export' as const,
    key: o.key,
    reviews: { version: o.reviewsVersion },
    ndjson,
    full,
    format,
    timeZone: a.timeZone,
    about: [
      ['Analysis', a.analysisId],
      ['Files', a.fileNames.join(', ')],
      ['Analysed at', localDateTime(a.createdAt, a.timeZone)],
      ['Exported at', localDateTime(new Date().toISOString(), a.timeZone)],
      ['Findings', String(counts.total)],
      ['Reviewed', `${counts.reviewed} of ${counts.toReview}`],
      ['Open', String(counts.open)],
      ['Suppressed', String(counts.suppressed)],
      ['Flagged records', recordSourceText(head.recordSource)],
    ] as [string, string][],
  };
  type Answer = { bytes: Uint8Array; findings: number } | Retry | { evidence: [string, number, number][] };
  let out = await reviewPool().run<Answer>(userSub, { ...job, ndjson });
  if ('evidence' in out) {
    // Record findings name their evidence in high-records.ndjson: read for the reviewed ones the workbook shows.
    const asked = out.evidence.map(([findingId, start, length]) => ({ findingId, evidenceAt: [start, length] as [number, number], evidence: [] }) as unknown as Finding);
    await attachEvidence(o, asked);
    out = await reviewPool().run<Answer>(userSub, { ...job, ndjson, evidence: asked.map((f) => [f.findingId, f.evidence]) });
  }
  if ('evidence' in out) throw new Error('the findings export asked for evidence twice');
  if ('retry' in out) throw new VisibleError('UNAVAILABLE', 'The findings of this analysis are busy; try again in a moment');
  const key = `${analysisPrefix(userSub, analysisId)}findings.${format}`;
  await services.blobs.put(key, out.bytes, CONTENT_TYPES[format]);
  const fileName = `sap-findings-${analysisId.slice(0, 8)}.${format}`;
  const downloadUrl = await services.blobs.presignGet(key, { expiresIn: DOWNLOAD_URL_TTL_SECONDS, downloadName: fileName, contentType: CONTENT_TYPES[format] });
  return { format, fileName, downloadUrl, findings: out.findings };
}

/** What the About sheet says about the record findings. */
export function recordSourceText(source: FindingsIndexData['recordSource']): string {
  if (source.kind === 'samples') return `up to ${source.perFlag} records per flag are findings (analysed before every high-severity record was kept); all flagged records are in results.xlsx`;
  const rest = source.total - source.listed;
  return rest > 0
    ? `the first ${source.listed.toLocaleString('en-US')} of ${source.total.toLocaleString('en-US')} flagged records of high or critical severity are findings (at most ${source.cap.toLocaleString('en-US')}); the other ${rest.toLocaleString('en-US')} are in results.xlsx`
    : `every flagged record of high or critical severity (${source.total.toLocaleString('en-US')}) is a finding`;
}
