/**
 * POST /results/{id}/findings/export: the findings workbook (xlsx) or CSV, written on demand
 * next to the analysis's outputs (replaced by the next export, removed with the analysis) and
 * handed out as a short-lived download link, as results.xlsx is. Every finding, however many: the
 * workbook continues past a worksheet's 1,048,576 rows on "Findings (2)", "Findings (3)", … as
 * results.xlsx does, the CSV has no bound.
 *
 * Up to exportLimits.inMemoryBytes of stored findings (findings.ndjson, about 430 bytes a
 * finding) the review worker writes the file in list order (open, reviewed, suppressed; by
 * severity, time, id), holding the findings and the file in memory. A larger analysis (4 x 100 MB
 * exports give about 7 million findings, 3 GB) is streamed instead: findings.ndjson is read in its
 * own order (the analysis's, as results.csv) and each row written straight to the stored file,
 * so memory holds the index and the reviews, not the findings (stream-export.ts; on this machine
 * in a worker thread of its own, export-jobs.ts, never on the server's main thread).
 */
import { z } from 'zod';
import { localDateTime } from '@app/core/review/index.ts';
import { VisibleError } from '../../http/errors.ts';
import { DOWNLOAD_URL_TTL_SECONDS } from '../analyses/analysis-views.ts';
import type { Services } from '../types.ts';
import { analysisPrefix } from '../workspace.ts';
import type { Finding } from '@app/core/review/index.ts';
import { XLSX_MAX_ROWS } from '@app/core/report/xlsx-writer.ts';
import { attachEvidence, openFindings, readBytes, runQuery, type OpenedFindings } from './finding-store.ts';
import type { FindingsIndexData } from './findings-index.ts';
import type { Retry } from './review-jobs.ts';
import { reviewPool } from './review-pool.ts';
import { CONTENT_TYPES, streamFindingsExport, type StreamSpec } from './stream-export.ts';

const exportFormat = z.enum(['xlsx', 'csv']).default('xlsx');
/** POST /results/{id}/findings/export: which file to write. */
export const exportBodySchema = z.object({ format: exportFormat }).strict();
/** GET /results/{id}/findings/export: the format, and the finished export job whose file is asked for. */
export const exportQuerySchema = z.object({ format: exportFormat, job: z.string().uuid('must be a job id from POST /results/{id}/findings/export').optional() });


/**
 * inMemoryBytes: the most stored findings (bytes of findings.ndjson) an export holds in memory to
 * write them in list order; a larger one is streamed in the analysis's order (jobInMemoryBytes in
 * the review job function, which has 1,024 MB). sheetRows: rows of one worksheet (Excel's),
 * further findings continue on the next. Tests lower them.
 */
export const exportLimits = { inMemoryBytes: 512 * 1024 * 1024, sheetRows: XLSX_MAX_ROWS, jobInMemoryBytes: 128 * 1024 * 1024 };

type Counts = { total: number; reviewed: number; toReview: number; open: number; suppressed: number };

/** A written findings download: where it is stored and what it holds. */
export interface WrittenExport {
  key: string;
  fileName: string;
  format: 'xlsx' | 'csv';
  findings: number;
  order: 'list' | 'analysis';
}

/** The answer to a finished export: a fresh short-lived link to the stored file. */
export async function downloadOf(services: Services, w: WrittenExport) {
  const downloadUrl = await services.blobs.presignGet(w.key, { expiresIn: DOWNLOAD_URL_TTL_SECONDS, downloadName: w.fileName, contentType: CONTENT_TYPES[w.format] });
  return { format: w.format, fileName: w.fileName, downloadUrl, findings: w.findings, order: w.order };
}

/** Writes the download within the request (small exports locally: the review workers; export-jobs.ts puts it on the review queue on AWS). */
export async function exportFindings(services: Services, userSub: string, analysisId: string, format: 'xlsx' | 'csv') {
  return downloadOf(services, await writeFindingsExport(services, userSub, analysisId, format));
}

/** An export about to be written: the analysis's findings opened, its About sheet, whether it is streamed, where it goes. */
export interface PreparedExport {
  o: OpenedFindings;
  format: 'xlsx' | 'csv';
  about: [string, string][];
  streamed: boolean;
  written: Omit<WrittenExport, 'findings'>;
}

/** Opens the analysis's findings (another user's: 404) and decides how its export is written; `inMemoryBytes`: see exportLimits. */
export async function prepareFindingsExport(services: Services, userSub: string, analysisId: string, format: 'xlsx' | 'csv', inMemoryBytes = exportLimits.inMemoryBytes): Promise<PreparedExport> {
  const o = await openFindings(services, userSub, analysisId);
  // Loads the index and the reviews into a worker and gives the counts for the About sheet.
  const head = await runQuery<{ counts: Counts } & Pick<FindingsIndexData, 'recordSource'>>(o, {
    type: 'findings',
    filter: {},
    cursor: 0,
    limit: 1,
  });
  const a = o.analysis;
  const counts = head.counts;
  const [stored, storedIndex] = await Promise.all([services.blobs.head(o.keys.findings), services.blobs.head(o.keys.index)]);
  const streamed = stored !== undefined && storedIndex !== undefined && stored.size > inMemoryBytes;
  const about: [string, string][] = [
    ['Analysis', a.analysisId],
    ['Files', a.fileNames.join(', ')],
    ['Analysed at', localDateTime(a.createdAt, a.timeZone)],
    ['Exported at', localDateTime(new Date().toISOString(), a.timeZone)],
    ['Findings', String(counts.total)],
    ['Reviewed', `${counts.reviewed} of ${counts.toReview}`],
    ['Open', String(counts.open)],
    ['Suppressed', String(counts.suppressed)],
    ['Flagged records', recordSourceText(head.recordSource)],
    [
      'Order',
      streamed
        ? `as the analysis made them (${(stored.size / 1024 / 1024).toFixed(0)} MB of findings are too many to sort in memory; sort or filter in your tool)`
        : 'as the list: open, reviewed, suppressed; each by severity, time and finding ID',
    ],
  ];
  if (counts.total + 1 > exportLimits.sheetRows) about.push(['Findings sheets', `${Math.ceil(counts.total / (exportLimits.sheetRows - 1))}: "Findings", then "Findings (2)" and on, ${(exportLimits.sheetRows - 1).toLocaleString('en-US')} findings each`]);
  const key = `${analysisPrefix(userSub, analysisId)}findings.${format}`;
  return { o, format, about, streamed, written: { key, fileName: `sap-findings-${analysisId.slice(0, 8)}.${format}`, format, order: streamed ? 'analysis' : 'list' } };
}

/** What the streamed export of a prepared one reads and writes (stream-export.ts). */
export function streamSpecOf(p: PreparedExport): StreamSpec {
  const { o } = p;
  return {
    format: p.format,
    keys: { findings: o.keys.findings, index: o.keys.index, highRecords: o.keys.highRecords },
    out: p.written.key,
    suppressions: o.snapshot?.suppressions ?? [],
    reviews: reviewsOf(o),
    about: p.about,
    timeZone: o.analysis.timeZone,
    maxRows: exportLimits.sheetRows,
  };
}

/**
 * Writes findings.xlsx or findings.csv of the analysis beside its outputs in the calling thread's
 * turn: the review workers make a small one; a streamed one is written here (the review job
 * function on AWS; on this machine export-jobs.ts streams it in a worker thread instead).
 */
export async function writeFindingsExport(services: Services, userSub: string, analysisId: string, format: 'xlsx' | 'csv', inMemoryBytes = exportLimits.inMemoryBytes): Promise<WrittenExport> {
  const p = await prepareFindingsExport(services, userSub, analysisId, format, inMemoryBytes);
  const findings = p.streamed ? await streamFindingsExport(services.blobs, streamSpecOf(p)) : await exportInWorker(p.o, p.format, p.about, p.written.key);
  return { ...p.written, findings };
}

/** Writes a prepared export that is not streamed (the review workers, in list order). */
export async function writeInMemoryExport(p: PreparedExport): Promise<WrittenExport> {
  return { ...p.written, findings: await exportInWorker(p.o, p.format, p.about, p.written.key) };
}

const reviewsOf = (o: OpenedFindings) => [...o.reviews.values()].map((r) => ({ findingId: r.findingId, status: r.status, comment: r.comment, ticket: r.ticket, reviewer: r.reviewer, reviewedAt: r.reviewedAt }));

/** The export made whole in the review worker, in list order. */
async function exportInWorker(o: OpenedFindings, format: 'xlsx' | 'csv', about: [string, string][], key: string): Promise<number> {
  const { services, userSub } = o;
  const ndjson = await readBytes(services.blobs, o.keys.findings);
  const job = { type: 'export' as const, key: o.key, reviews: { version: o.reviewsVersion }, ndjson, full: reviewsOf(o), format, timeZone: o.analysis.timeZone, about, maxRows: exportLimits.sheetRows };
  type Answer = { bytes: Uint8Array; findings: number } | Retry | { evidence: [string, number, number][] };
  let out = await reviewPool().run<Answer>(userSub, job);
  if ('evidence' in out) {
    // Record findings name their evidence in high-records.ndjson: read for the reviewed ones the workbook shows.
    const asked = out.evidence.map(([findingId, start, length]) => ({ findingId, evidenceAt: [start, length] as [number, number], evidence: [] }) as unknown as Finding);
    await attachEvidence(o, asked);
    out = await reviewPool().run<Answer>(userSub, { ...job, evidence: asked.map((f) => [f.findingId, f.evidence]) });
  }
  if ('evidence' in out) throw new Error('the findings export asked for evidence twice');
  if ('retry' in out) throw new VisibleError('UNAVAILABLE', 'The findings of this analysis are busy; try again in a moment');
  await services.blobs.put(key, out.bytes, CONTENT_TYPES[format]);
  return out.findings;
}

/** What the About sheet says about the record findings. */
export function recordSourceText(source: FindingsIndexData['recordSource']): string {
  if (source.kind === 'samples') return `up to ${source.perFlag} records per flag are findings (analysed before every high-severity record was kept); all flagged records are in results.xlsx`;
  const rest = source.total - source.listed;
  return rest > 0
    ? `the first ${source.listed.toLocaleString('en-US')} of ${source.total.toLocaleString('en-US')} flagged records of high or critical severity are findings (at most ${source.cap.toLocaleString('en-US')}); the other ${rest.toLocaleString('en-US')} are in results.xlsx`
    : `every flagged record of high or critical severity (${source.total.toLocaleString('en-US')}) is a finding`;
}
