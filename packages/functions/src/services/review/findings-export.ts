/**
 * GET /results/{id}/findings/export: the findings workbook (xlsx) or CSV, written on demand
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
 * so memory holds the index and the reviews, not the findings.
 */
import { z } from 'zod';
import { localDateTime } from '@app/core/review/index.ts';
import { VisibleError } from '../../http/errors.ts';
import { DOWNLOAD_URL_TTL_SECONDS } from '../analyses/analysis-views.ts';
import type { Services } from '../types.ts';
import { analysisPrefix } from '../workspace.ts';
import { findingsWorkbookRow, suppressionLabel, writeFindingsCsv, writeFindingsWorkbook, type Finding, type FindingsWorkbookRow } from '@app/core/review/index.ts';
import { XLSX_MAX_ROWS } from '@app/core/report/xlsx-writer.ts';
import type { BlobStore } from '../../ports/index.ts';
import { attachEvidence, openFindings, readBytes, runQuery, type OpenedFindings } from './finding-store.ts';
import { FindingsIndex, type FindingsIndexData } from './findings-index.ts';
import type { Retry } from './review-jobs.ts';
import { reviewPool } from './review-pool.ts';

export const exportQuerySchema = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

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

/** Writes the download within the request (local: the review workers; export-jobs.ts puts it on the review queue on AWS). */
export async function exportFindings(services: Services, userSub: string, analysisId: string, format: 'xlsx' | 'csv') {
  return downloadOf(services, await writeFindingsExport(services, userSub, analysisId, format));
}

/** Writes findings.xlsx or findings.csv of the analysis beside its outputs; `inMemoryBytes`: see exportLimits. */
export async function writeFindingsExport(services: Services, userSub: string, analysisId: string, format: 'xlsx' | 'csv', inMemoryBytes = exportLimits.inMemoryBytes): Promise<WrittenExport> {
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
  const findings = streamed ? await streamExport(o, format, about, key) : await exportInWorker(o, format, about, key);
  return { key, fileName: `sap-findings-${analysisId.slice(0, 8)}.${format}`, format, findings, order: streamed ? 'analysis' : 'list' };
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

/** The lines of a stored NDJSON file as they are read (a line cut by a chunk's end goes with the next). */
async function* ndjsonLines(blobs: BlobStore, key: string): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of blobs.read(key)) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const lines = text.split('\n');
    rest = lines.pop()!;
    for (const line of lines) if (line !== '') yield line;
  }
  rest += decoder.decode();
  if (rest !== '') yield rest;
}

/**
 * The export streamed from findings.ndjson, in its order, straight into the stored file; each
 * finding's number in the index (by its id) says which suppression matched it.
 */
async function streamExport(o: OpenedFindings, format: 'xlsx' | 'csv', about: [string, string][], key: string): Promise<number> {
  const { services } = o;
  const index = new FindingsIndex(await readBytes(services.blobs, o.keys.index));
  index.applySuppressions(o.snapshot?.suppressions ?? []);
  const reviews = new Map(reviewsOf(o).map((r) => [r.findingId, r]));
  let n = 0;
  async function* rows(): AsyncGenerator<FindingsWorkbookRow> {
    for await (const line of ndjsonLines(services.blobs, o.keys.findings)) {
      const f = JSON.parse(line) as Finding;
      const i = index.indexOf(f.findingId);
      if (i === undefined) throw new Error(`finding ${f.findingId} of the findings file is not in its index`);
      const s = index.suppressedBy[i]! >= 0 ? index.suppressions[index.suppressedBy[i]!] : undefined;
      n++;
      yield findingsWorkbookRow(f, reviews.get(f.findingId) as Partial<FindingsWorkbookRow> | undefined, s ? suppressionLabel(s) : '');
    }
  }
  const sink = services.blobs.writer(key, CONTENT_TYPES[format]);
  const timeZone = o.analysis.timeZone;
  if (format === 'csv') await writeFindingsCsv(sink, rows(), { timeZone });
  else {
    const readEvidence = async (shown: FindingsWorkbookRow[]) => {
      const asked = shown.map((r) => ({ findingId: r.findingId, evidenceAt: r.evidenceAt, evidence: [] }) as unknown as Finding);
      await attachEvidence(o, asked);
      shown.forEach((r, k) => {
        r.evidence = asked[k]!.evidence;
        delete r.evidenceAt;
      });
    };
    await writeFindingsWorkbook(sink, rows(), about, { timeZone, maxRows: exportLimits.sheetRows, readEvidence });
  }
  if (n !== index.count) throw new Error(`the findings file has ${n} lines, its index ${index.count}`);
  return n;
}

/** What the About sheet says about the record findings. */
export function recordSourceText(source: FindingsIndexData['recordSource']): string {
  if (source.kind === 'samples') return `up to ${source.perFlag} records per flag are findings (analysed before every high-severity record was kept); all flagged records are in results.xlsx`;
  const rest = source.total - source.listed;
  return rest > 0
    ? `the first ${source.listed.toLocaleString('en-US')} of ${source.total.toLocaleString('en-US')} flagged records of high or critical severity are findings (at most ${source.cap.toLocaleString('en-US')}); the other ${rest.toLocaleString('en-US')} are in results.xlsx`
    : `every flagged record of high or critical severity (${source.total.toLocaleString('en-US')}) is a finding`;
}
