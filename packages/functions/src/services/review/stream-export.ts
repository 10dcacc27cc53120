/**
 * The streamed findings export (findings-export.ts): findings.ndjson read in its own order, each
 * finding's row written straight into the stored file. It takes a store (`StreamBlobs`) and a plain
 * spec, no services, so that on this machine it runs in a worker thread of its own
 * (export-worker.ts, over the files themselves) and never on the server's main thread; the review
 * job function on AWS runs it over S3.
 */
import { findingsWorkbookRow, suppressionLabel, writeFindingsCsv, writeFindingsWorkbook, type Finding, type FindingsWorkbookRow, type SuppressionRule } from '@app/core/review/index.ts';
import type { BlobStore } from '../../ports/index.ts';
import { attachEvidenceFrom, readBytes } from './finding-store.ts';
import { FindingsIndex } from './findings-index.ts';
import type { ReviewItem } from './review-store.ts';

export const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** What the streamed export reads and writes through. */
export type StreamBlobs = Pick<BlobStore, 'read' | 'readRange' | 'writer'>;

/** A review as the export shows it. */
export type ExportReview = Pick<ReviewItem, 'findingId' | 'status' | 'comment' | 'ticket' | 'reviewer' | 'reviewedAt'>;

/** Everything the streamed export needs besides the store (structured-clonable: sent to its worker thread). */
export interface StreamSpec {
  format: 'xlsx' | 'csv';
  keys: { findings: string; index: string; highRecords: string };
  /** Where the file is written. */
  out: string;
  suppressions: SuppressionRule[];
  reviews: ExportReview[];
  about: [string, string][];
  timeZone: string | undefined;
  maxRows: number;
}

/** The lines of a stored NDJSON file as they are read (a line cut by a chunk's end goes with the next). */
async function* ndjsonLines(blobs: StreamBlobs, key: string): AsyncGenerator<string> {
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
 * finding's number in the index (by its id) says which suppression matched it. Answers how many findings.
 */
export async function streamFindingsExport(blobs: StreamBlobs, spec: StreamSpec): Promise<number> {
  const index = new FindingsIndex(await readBytes(blobs as BlobStore, spec.keys.index));
  index.applySuppressions(spec.suppressions);
  const reviews = new Map(spec.reviews.map((r) => [r.findingId, r]));
  let n = 0;
  async function* rows(): AsyncGenerator<FindingsWorkbookRow> {
    for await (const line of ndjsonLines(blobs, spec.keys.findings)) {
      const f = JSON.parse(line) as Finding;
      const i = index.indexOf(f.findingId);
      if (i === undefined) throw new Error(`finding ${f.findingId} of the findings file is not in its index`);
      const s = index.suppressedBy[i]! >= 0 ? index.suppressions[index.suppressedBy[i]!] : undefined;
      n++;
      yield findingsWorkbookRow(f, reviews.get(f.findingId) as Partial<FindingsWorkbookRow> | undefined, s ? suppressionLabel(s) : '');
    }
  }
  const sink = blobs.writer(spec.out, CONTENT_TYPES[spec.format]);
  const { timeZone } = spec;
  if (spec.format === 'csv') await writeFindingsCsv(sink, rows(), { timeZone });
  else {
    const readEvidence = async (shown: FindingsWorkbookRow[]) => {
      const asked = shown.map((r) => ({ findingId: r.findingId, evidenceAt: r.evidenceAt, evidence: [] }) as unknown as Finding);
      await attachEvidenceFrom(blobs, spec.keys.highRecords, asked);
      shown.forEach((r, k) => {
        r.evidence = asked[k]!.evidence;
        delete r.evidenceAt;
      });
    };
    await writeFindingsWorkbook(sink, rows(), spec.about, { timeZone, maxRows: spec.maxRows, readEvidence });
  }
  if (n !== index.count) throw new Error(`the findings file has ${n} lines, its index ${index.count}`);
  return n;
}
