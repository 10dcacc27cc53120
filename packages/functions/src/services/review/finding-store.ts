/**
 * Findings and cases of one of the caller's analyses, READ from what is stored with the analysis
 * (issue 24): `findings.ndjson` and `cases.json` written by the report step, and
 * `findings-index.bin` (findings-index.ts) written here the first time they are read. An analysis
 * written before the report step stored cases gets all three, derived once in the review worker
 * (fallback-artifacts.ts). Filtering, ordering and counting run in the review workers
 * (review-pool.ts); this thread only reads the lines of the page it answers.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { CASES_FILE, FINDINGS_FILE } from '@app/core/cases/index.ts';
import { highRecordEvidence, type Finding, type HighRecord } from '@app/core/review/index.ts';
import { VisibleError } from '../../http/errors.ts';
import { BlobNotFoundError, type BlobStore } from '../../ports/index.ts';
import { requireAnalysis } from '../analyses/analysis-views.ts';
import type { AnalysisItem } from '../analyses/analysis-item.ts';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import { analysisPrefix, outputKeys } from '../workspace.ts';
import type { LineRef } from './findings-index.ts';
import type { Job, Retry, ReviewsSync } from './review-jobs.ts';
import { reviewPool } from './review-pool.ts';
import { reviewKeys } from './review-keys.ts';
import { loadReviews, reviewChangesSince, reviewLockSeq, type ReviewItem } from './review-store.ts';

export { bumpReviewsVersion } from './review-store.ts';
import { readSuppressionSnapshot, type SuppressionSnapshot } from './suppression-snapshot.ts';
import { STATUS_CODES } from './findings-index.ts';

export const FINDINGS_INDEX_FILE = 'findings-index.bin';

export function artifactKeys(userSub: string, analysisId: string) {
  const prefix = analysisPrefix(userSub, analysisId);
  return {
    findings: `${prefix}${FINDINGS_FILE}`,
    cases: `${prefix}${CASES_FILE}`,
    index: `${prefix}${FINDINGS_INDEX_FILE}`,
    report: `${prefix}report.json`,
    highRecords: `${prefix}high-records.ndjson`,
  };
}

export async function readBytes(blobs: BlobStore, key: string): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of blobs.read(key)) chunks.push(chunk);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

async function readOptional(blobs: BlobStore, key: string): Promise<Uint8Array | undefined> {
  try {
    return await readBytes(blobs, key);
  } catch (e) {
    if (e instanceof BlobNotFoundError) return undefined;
    throw e;
  }
}

const transferOf = (...bytes: (Uint8Array | undefined)[]): ArrayBuffer[] => {
  // Only buffers this module owns whole are moved; a view into a shared pool buffer is copied.
  const out: ArrayBuffer[] = [];
  for (const b of bytes) if (b && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer) out.push(b.buffer);
  return out;
};

/** The analysis's artifacts being made, per analysis, so two requests make them once. */
const making = new Map<string, Promise<void>>();

/** How long a read waits for the cases of an older analysis before answering that they are being computed (tests set it to 0). */
export const preparing = { waitMs: 2_000 };
export const PREPARING_MESSAGE = 'The cases of this analysis are being computed (it was analysed before cases were stored); this takes a moment';

/**
 * Makes sure findings.ndjson, cases.json and findings-index.bin exist (the index is written
 * last, so its presence says the others are complete). An analysis written before cases were
 * stored gets them computed once, in a review worker; a read that would wait longer than a moment
 * for that answers 503 PREPARING (the web app says the cases are being computed and asks again).
 */
async function ensureArtifacts(services: Services, userSub: string, analysis: AnalysisItem): Promise<void> {
  const k = artifactKeys(userSub, analysis.analysisId);
  if (await services.blobs.head(k.index)) return;
  const key = `${userSub}/${analysis.analysisId}`;
  let p = making.get(key);
  if (!p) {
    p = makeArtifacts(services, userSub, analysis).finally(() => making.delete(key));
    // Nobody may be waiting when it fails: the next read starts again and reports the failure.
    p.catch(() => {});
    making.set(key, p);
  }
  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([p.then(() => true), new Promise<false>((r) => (timer = setTimeout(() => r(false), preparing.waitMs)))]).finally(() => clearTimeout(timer));
  if (!waited) throw new VisibleError('PREPARING', PREPARING_MESSAGE);
}

/** The first bytes of timeline-index.bin up to its entries (its meta and the users' directories), or undefined. */
async function timelinePrefix(services: Services, userSub: string, analysisId: string): Promise<Uint8Array | undefined> {
  const key = outputKeys(userSub, analysisId).timelineIndex;
  try {
    if (!(await services.blobs.head(key))) return undefined;
    const preamble = await services.blobs.readRange(key, 0, 16);
    if (preamble.byteLength < 16) return undefined;
    const metaLength = new DataView(preamble.buffer, preamble.byteOffset, 16).getUint32(8, true);
    const head = await services.blobs.readRange(key, 0, 16 + metaLength);
    const meta = JSON.parse(new TextDecoder().decode(head.subarray(16))) as { entriesAt?: number };
    if (typeof meta.entriesAt !== 'number') return undefined;
    return await services.blobs.readRange(key, 0, 16 + metaLength + meta.entriesAt);
  } catch (e) {
    services.log.warn('timeline index of an older analysis not read (its cases mark no routine)', { analysisId, error: String(e) });
    return undefined;
  }
}

async function makeArtifacts(services: Services, userSub: string, analysis: AnalysisItem): Promise<void> {
  const k = artifactKeys(userSub, analysis.analysisId);
  const reportKey = analysis.outputs?.report ?? k.report;
  const report = await readOptional(services.blobs, reportKey);
  if (!report) throw new VisibleError('RESULT_DAMAGED', 'The stored summary of this analysis is missing; run the analysis again');
  const pool = reviewPool();
  const [ndjsonHead, casesHead] = await Promise.all([services.blobs.head(k.findings), services.blobs.head(k.cases)]);
  try {
    if (ndjsonHead && casesHead) {
      const ndjson = await readBytes(services.blobs, k.findings);
      const { index } = await pool.run<{ index: Uint8Array }>(userSub, { type: 'build-index', ndjson, report }, transferOf(ndjson, report));
      await services.blobs.put(k.index, index, 'application/octet-stream');
      return;
    }
    const [high, timeline] = await Promise.all([readOptional(services.blobs, k.highRecords), timelinePrefix(services, userSub, analysis.analysisId)]);
    const started = Date.now();
    const out = await pool.run<{ ndjson: Uint8Array; cases: Uint8Array; index: Uint8Array }>(
      userSub,
      { type: 'derive', analysisId: analysis.analysisId, report, high, timeline },
      transferOf(report, high, timeline),
    );
    await services.blobs.put(k.findings, out.ndjson, 'application/x-ndjson');
    await services.blobs.put(k.cases, out.cases, 'application/json');
    await services.blobs.put(k.index, out.index, 'application/octet-stream');
    services.log.info('findings and cases computed for an analysis written before they were stored', { analysisId: analysis.analysisId, ms: Date.now() - started });
  } catch (e) {
    if (e instanceof VisibleError) throw e;
    services.log.error('findings of an analysis cannot be read', { analysisId: analysis.analysisId, error: String(e) });
    throw new VisibleError('RESULT_DAMAGED', `The findings of this analysis cannot be read (${(e as Error).message})`);
  }
}

/**
 * Called by the pipeline as an analysis completes: builds the findings index from the engine's
 * findings.ndjson in a review worker and stores it, so that even the first page of cases or
 * findings is a read. Never fails the analysis: a problem is logged and the first read retries.
 */
export async function prepareFindingsIndex(services: Services, userSub: string, analysisId: string, reportKey?: string): Promise<void> {
  const k = artifactKeys(userSub, analysisId);
  try {
    if (await services.blobs.head(k.index)) return;
    const [ndjsonHead, casesHead] = await Promise.all([services.blobs.head(k.findings), services.blobs.head(k.cases)]);
    if (!ndjsonHead || !casesHead) return;
    const key = `${userSub}/${analysisId}`;
    let p = making.get(key);
    if (!p) {
      p = (async () => {
        const [ndjson, report] = await Promise.all([readBytes(services.blobs, k.findings), readBytes(services.blobs, reportKey ?? k.report)]);
        const { index } = await reviewPool().run<{ index: Uint8Array }>(userSub, { type: 'build-index', ndjson, report }, transferOf(ndjson, report));
        await services.blobs.put(k.index, index, 'application/octet-stream');
      })().finally(() => making.delete(key));
      making.set(key, p);
    }
    await p;
  } catch (e) {
    services.log.warn('findings index not prepared (the first read builds it)', { analysisId, error: String(e) });
  }
}

// ---- reviews: read once per review version, kept for the last few analyses ----

interface KeptReviews {
  version: number;
  /** The review lock's counter these reviews include every write up to. */
  seq: number;
  reviews: Map<string, ReviewItem>;
}
const keptReviews = new Map<string, Promise<KeptReviews>>();
const REVIEWS_KEPT = 8;

export async function reviewsVersion(services: Services, userSub: string, analysisId: string): Promise<number> {
  const out = await services.ddb.send(
    new GetCommand({ TableName: services.config.tableName, Key: { pk: keys.user(userSub), sk: reviewKeys.reviewsVersion(analysisId) }, ConsistentRead: true }),
  );
  return (out.Item?.version as number | undefined) ?? 0;
}

/**
 * The analysis's reviews as of its review version. Read whole once per process (the lock's counter
 * first, so every write after it is among the changes); after that, when the version moved, only
 * the changes written since (review-store.ts `reviewChangesSince`: a few items per write), applied
 * to a copy: a review of one finding after a bulk review of 100,000 reads one item, not 100,000.
 */
async function currentReviews(services: Services, userSub: string, analysisId: string): Promise<KeptReviews> {
  const key = `${userSub}/${analysisId}`;
  const version = await reviewsVersion(services, userSub, analysisId);
  const hit = keptReviews.get(key);
  const kept = hit ? await hit.catch(() => undefined) : undefined;
  if (hit && kept && kept.version === version) {
    keptReviews.delete(key);
    keptReviews.set(key, hit);
    return kept;
  }
  const p =
    kept && kept.version < version
      ? reviewChangesSince(services, userSub, analysisId, kept.seq).then(({ changes, seq }) => {
          const reviews = new Map(kept.reviews);
          const pk = keys.user(userSub);
          for (const c of changes)
            for (const g of c.groups) for (const findingId of g.ids) reviews.set(findingId, { pk, sk: reviewKeys.review(analysisId, findingId), analysisId, findingId, ...g.state });
          return { version, seq, reviews };
        })
      : reviewLockSeq(services, userSub, analysisId).then(async (seq) => ({ version, seq, reviews: await loadReviews(services, userSub, analysisId) }));
  p.catch(() => keptReviews.delete(key));
  keptReviews.delete(key);
  keptReviews.set(key, p);
  while (keptReviews.size > REVIEWS_KEPT) keptReviews.delete(keptReviews.keys().next().value!);
  return p;
}

// ---- the opened analysis ----

export interface OpenedFindings {
  analysis: AnalysisItem;
  userSub: string;
  key: string;
  keys: ReturnType<typeof artifactKeys>;
  reviews: Map<string, ReviewItem>;
  reviewsVersion: number;
  snapshot: SuppressionSnapshot | undefined;
  services: Services;
}

/** 404 for another user's analysis (keys are scoped by sub), 409 while it is not completed. */
export async function openFindings(services: Services, userSub: string, analysisId: string): Promise<OpenedFindings> {
  const analysis = await requireAnalysis(services, userSub, analysisId);
  if (analysis.status !== 'completed' || !analysis.outputs) {
    throw new VisibleError('CONFLICT', `Analysis ${analysis.analysisId} is ${analysis.status}; its results are available once it has completed`);
  }
  await ensureArtifacts(services, userSub, analysis);
  const [kept, snapshot] = await Promise.all([currentReviews(services, userSub, analysisId), readSuppressionSnapshot(services, userSub, analysisId)]);
  return {
    analysis,
    userSub,
    key: `${userSub}/${analysisId}`,
    keys: artifactKeys(userSub, analysisId),
    reviews: kept.reviews,
    reviewsVersion: kept.version,
    snapshot,
    services,
  };
}

type QueryJob = Exclude<Job, { type: 'derive' | 'build-index' | 'load' }>;
export type { QueryJob };
type WithoutSync<J> = J extends unknown ? Omit<J, 'key' | 'reviews'> : never;

/** Runs a query job in the review worker, sending the stored index or the reviews when it asks. */
export async function runQuery<T>(o: OpenedFindings, job: WithoutSync<QueryJob>): Promise<T> {
  const pool = reviewPool();
  let reviews: ReviewsSync = { version: o.reviewsVersion };
  for (let attempt = 0; attempt < 4; attempt++) {
    const out = await pool.run<T | Retry>(o.userSub, { ...job, key: o.key, reviews } as Job);
    if (out && typeof out === 'object' && 'retry' in out) {
      if (out.retry === 'reviews') {
        reviews = { version: o.reviewsVersion, entries: [...o.reviews.values()].map((r) => [r.findingId, STATUS_CODES.indexOf(r.status)]) };
      } else {
        const suppressions = o.snapshot?.suppressions ?? [];
        const localPath = o.services.blobs.localPath?.bind(o.services.blobs);
        if (localPath && !pool.inline) {
          // On this file system the worker reads the index itself: hundreds of MB at millions of findings, never copied on this thread.
          await pool.run(o.userSub, { type: 'load', key: o.key, paths: { index: localPath(o.keys.index), cases: localPath(o.keys.cases) }, suppressions });
        } else {
          const [index, cases] = await Promise.all([readBytes(o.services.blobs, o.keys.index), readBytes(o.services.blobs, o.keys.cases)]);
          await pool.run(o.userSub, { type: 'load', key: o.key, index, cases, suppressions }, transferOf(index, cases));
        }
      }
      continue;
    }
    return out;
  }
  throw new VisibleError('UNAVAILABLE', 'The findings of this analysis are busy; try again in a moment');
}

/** Reads the findings on these lines of findings.ndjson (close ranges read together), in the order given. */
export async function readLines(o: OpenedFindings, lines: readonly LineRef[]): Promise<Finding[]> {
  if (lines.length === 0) return [];
  const sorted = [...lines].sort((a, b) => a.start - b.start);
  const byIndex = new Map<number, Finding>();
  await readRanges(o.services.blobs, o.keys.findings, sorted, (l, text) => byIndex.set(l.index, JSON.parse(text) as Finding));
  const out = lines.map((l) => byIndex.get(l.index)!);
  await attachEvidence(o, out);
  return out;
}

/** Reads these [start, start + length) lines of a stored file (close ones together, `refs` in offset order), each handed to `take` as text. */
async function readRanges<R extends { start: number; length: number }>(blobs: Pick<BlobStore, 'readRange'>, key: string, refs: readonly R[], take: (ref: R, text: string) => void): Promise<void> {
  const groups: { start: number; end: number; members: R[] }[] = [];
  for (const l of refs) {
    const g = groups.at(-1);
    if (g && l.start - g.end < 64 * 1024) {
      g.end = Math.max(g.end, l.start + l.length);
      g.members.push(l);
    } else groups.push({ start: l.start, end: l.start + l.length, members: [l] });
  }
  const decoder = new TextDecoder();
  await Promise.all(
    groups.map(async (g) => {
      const bytes = await blobs.readRange(key, g.start, g.end - g.start);
      for (const l of g.members) {
        try {
          take(l, decoder.decode(bytes.subarray(l.start - g.start, l.start - g.start + l.length)).trim());
        } catch {
          throw new VisibleError('RESULT_DAMAGED', 'The stored findings of this analysis cannot be read; run the analysis again');
        }
      }
    }),
  );
}

/**
 * Puts back the evidence of record findings that name their line of high-records.ndjson
 * (`evidenceAt`, as the report step writes them) instead of holding a copy of the record.
 */
export async function attachEvidence(o: Pick<OpenedFindings, 'services' | 'keys'>, findings: readonly Finding[]): Promise<void> {
  await attachEvidenceFrom(o.services.blobs, o.keys.highRecords, findings);
}

/** attachEvidence from `key` (high-records.ndjson) of any store: the streamed export's worker thread reads the file itself. */
export async function attachEvidenceFrom(blobs: Pick<BlobStore, 'readRange'>, key: string, findings: readonly Finding[]): Promise<void> {
  const refs = findings.flatMap((f) => (f.evidenceAt ? [{ f, start: f.evidenceAt[0], length: f.evidenceAt[1] }] : [])).sort((a, b) => a.start - b.start);
  if (refs.length === 0) return;
  await readRanges(blobs, key, refs, (ref, text) => {
    ref.f.evidence = [highRecordEvidence(JSON.parse(text) as HighRecord)];
    delete ref.f.evidenceAt;
  });
}
