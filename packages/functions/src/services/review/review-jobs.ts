/**
 * The work of the review worker (review-worker.ts): everything that is proportional to the size of
 * an analysis (deriving findings of an older analysis, building the findings index, filtering,
 * ordering and counting findings and cases) runs here, in a worker thread, never on the server's
 * main thread. The worker keeps the indexes of the analyses it served last (bounded, LRU); a job
 * for an analysis it does not hold answers `{ retry: 'load' }` and the caller sends the stored
 * index. Review statuses travel the same way, keyed by the analysis's review version.
 */
import { readFile } from 'node:fs/promises';
import type { Case, CaseRiskLevel, CasesFile } from '@app/core/cases/index.ts';
import { findingsWorkbookRow, MAX_EVIDENCE_SHEETS, suppressionLabel, writeFindingsCsv, writeFindingsWorkbook, type Finding, type FindingsWorkbookRow, type SuppressionRule } from '@app/core/review/index.ts';
import { deriveArtifacts } from './fallback-artifacts.ts';
import { applyReview, type ApplySpec } from './review-apply.ts';
import { buildIndex, FindingsIndex, STATUS_CODES, type FindingFilter, type FindingTarget, type LineRef, type StatusName } from './findings-index.ts';

export interface ReviewsSync {
  version: number;
  /** findingId and status code of every reviewed finding; sent only when the worker asks. */
  entries?: [string, number][];
}

export interface CaseFilter {
  risk?: CaseRiskLevel | undefined;
  rule?: string | undefined;
  actor?: string | undefined;
  review?: 'open' | 'done' | undefined;
}

export type Job =
  | { type: 'derive'; analysisId: string; report: Uint8Array; high?: Uint8Array | undefined; timeline?: Uint8Array | undefined }
  | { type: 'build-index'; ndjson: Uint8Array; report: Uint8Array }
  /** The stored index and cases.json as bytes, or (a blob store on this file system) their paths, read by the worker itself. */
  | { type: 'load'; key: string; index?: Uint8Array; cases?: Uint8Array; paths?: { index: string; cases: string }; suppressions: SuppressionRule[] }
  | { type: 'findings'; key: string; reviews: ReviewsSync; filter: FindingFilter; cursor: number; limit: number }
  | { type: 'lookup'; key: string; reviews: ReviewsSync; ids: string[] }
  | { type: 'targets'; key: string; reviews: ReviewsSync; filter: FindingFilter; cap: number }
  /** How many findings a case or filter holds, and (for suppressions) its first finding of each rule and user, at most `pairs` + 1 of them. */
  | { type: 'plan'; key: string; reviews: ReviewsSync; filter: FindingFilter; pairs: number }
  /** Starts writing a review to every finding the filter matches (review-apply.ts); `wait`: answer once written (no worker threads, e.g. on Lambda). */
  | { type: 'apply'; key: string; reviews: ReviewsSync; filter: FindingFilter; spec: ApplySpec; wait: boolean }
  | { type: 'cases'; key: string; reviews: ReviewsSync; filter: CaseFilter; cursor: number; limit: number }
  | { type: 'case'; key: string; reviews: ReviewsSync; caseId: string; cursor: number; limit: number }
  /**
   * `evidence`: the evidence of the reviewed findings that name their line of high-records.ndjson
   * (`evidenceAt`); without it a job that needs some answers `{ evidence: [findingId, start, length][] }`
   * (at most MAX_EVIDENCE_SHEETS, the reviewed findings the workbook shows) and is sent again with it.
   */
  | { type: 'export'; key: string; reviews: ReviewsSync; ndjson: Uint8Array; full: ExportReview[]; format: 'xlsx' | 'csv'; about: [string, string][]; timeZone?: string; maxRows?: number; evidence?: [string, Record<string, string>[]][] };

/** What the workbook shows of a review. */
export interface ExportReview {
  findingId: string;
  status: string;
  comment: string;
  ticket: string;
  reviewer: string;
  reviewedAt: string;
}

export type Retry = { retry: 'load' | 'reviews' };

export interface CaseProgress {
  members: number;
  reviewed: number;
  open: number;
  suppressed: number;
  /** The decisions on the reviewed members (the one case's answer only): its header names them and its form opens on a shared one. */
  decisions?: Partial<Record<Exclude<StatusName, 'open'>, number>>;
}

export type CaseSummary = Omit<Case, 'findings_offset' | 'findings_count'> & { members: number; progress: CaseProgress };

interface Loaded {
  index: FindingsIndex;
  file: CasesFile;
  /** Case id -> position in file.cases. */
  caseAt: Map<string, number>;
  /** Position in file.cases -> the index's case number (or -1). */
  caseIndexOf: Int32Array;
}

const loaded = new Map<string, Loaded>();
/** Bounds of what one worker keeps: analyses, and the memory of their indexes (REVIEW_KEEP_MB, default 2,048: three analyses of 7 M findings). */
export const KEEP_ANALYSES = 6;
export const keep = { bytes: Math.max(64, Number(process.env.REVIEW_KEEP_MB) || 2048) * 1024 * 1024 };

/**
 * What a loaded index holds in memory: its stored columns (about 55 bytes per finding) and what the
 * worker adds per finding (status, suppression, a few kept lists).
 */
export function keptBytes(index: FindingsIndex): number {
  return index.storedBytes + index.count * 20;
}

function remember(key: string, l: Loaded): void {
  loaded.delete(key);
  loaded.set(key, l);
  let total = 0;
  for (const v of loaded.values()) total += keptBytes(v.index);
  for (const [k, v] of loaded) {
    if (loaded.size <= 1 || (loaded.size <= KEEP_ANALYSES && total <= keep.bytes)) break;
    loaded.delete(k);
    total -= keptBytes(v.index);
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function flagTotals(report: Uint8Array): Record<string, number> {
  const r = JSON.parse(decoder.decode(report)) as { flagSamples?: Record<string, { total?: number } | undefined> };
  const out: Record<string, number> = {};
  for (const [flag, s] of Object.entries(r.flagSamples ?? {})) out[flag] = s?.total ?? 0;
  return out;
}

function progressOf(p: Uint32Array, ci: number): CaseProgress {
  if (ci < 0) return { members: 0, reviewed: 0, open: 0, suppressed: 0 };
  return { members: p[ci * 4]!, open: p[ci * 4 + 1]!, reviewed: p[ci * 4 + 2]!, suppressed: p[ci * 4 + 3]! };
}

/** How many findings in [from, to) have each decision (open ones are not counted). */
function decisionsOf(index: FindingsIndex, from: number, to: number): CaseProgress['decisions'] {
  const n = new Array<number>(STATUS_CODES.length).fill(0);
  for (let i = from; i < to; i++) n[index.status[i]!]!++;
  const out: NonNullable<CaseProgress['decisions']> = {};
  for (let s = 1; s < STATUS_CODES.length; s++) if (n[s]! > 0) out[STATUS_CODES[s] as Exclude<StatusName, 'open'>] = n[s]!;
  return out;
}

/** The case's progress with the decisions on its members (counted only where one is reviewed). */
function withDecisions(index: FindingsIndex, c: Case, progress: CaseProgress): CaseProgress {
  return progress.reviewed === 0 ? progress : { ...progress, decisions: decisionsOf(index, c.findings_offset, Math.min(c.findings_offset + c.findings_count, index.count)) };
}

function summaryOf(c: Case, progress: CaseProgress): CaseSummary {
  const { findings_offset: _o, findings_count: count, ...rest } = c;
  return { ...rest, members: count, progress };
}

function withReviews(key: string, reviews: ReviewsSync): Loaded | Retry {
  const l = loaded.get(key);
  if (!l) return { retry: 'load' };
  remember(key, l);
  if (l.index.reviewsVersion !== reviews.version) {
    if (!reviews.entries) return { retry: 'reviews' };
    l.index.applyReviews(reviews.version, reviews.entries);
  }
  return l;
}

function caseMatches(c: Case, f: CaseFilter, p: CaseProgress): boolean {
  if (f.risk && c.risk_level !== f.risk) return false;
  if (f.rule && !c.rules.some((r) => r.rule === f.rule)) return false;
  if (f.actor && !c.actor.toUpperCase().includes(f.actor.toUpperCase())) return false;
  if (f.review === 'open' && p.open === 0) return false;
  if (f.review === 'done' && p.open > 0) return false;
  return true;
}

/** Runs one job; the answer and the buffers to transfer with it. */
export async function handleJob(job: Job): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
  switch (job.type) {
    case 'export':
      return exportJob(job);
    case 'derive': {
      const a = deriveArtifacts(job.analysisId, decoder.decode(job.report), job.high ? decoder.decode(job.high) : undefined, job.timeline);
      const index = buildIndex(a.ndjson, a.meta);
      const cases = encoder.encode(JSON.stringify(a.cases));
      return { result: { ndjson: a.ndjson, cases, index }, transfer: [a.ndjson.buffer as ArrayBuffer, cases.buffer as ArrayBuffer, index.buffer as ArrayBuffer] };
    }
    case 'build-index': {
      const index = buildIndex(job.ndjson, { flagTotals: flagTotals(job.report) });
      return { result: { index }, transfer: [index.buffer as ArrayBuffer] };
    }
    case 'load': {
      const [stored, casesBytes] = job.paths ? await Promise.all([readFile(job.paths.index), readFile(job.paths.cases)]) : [job.index!, job.cases!];
      const index = new FindingsIndex(stored);
      index.applySuppressions(job.suppressions);
      const file = JSON.parse(decoder.decode(casesBytes)) as CasesFile;
      const caseAt = new Map(file.cases.map((c, i) => [c.id, i]));
      const pos = new Map(index.data.caseIds.map((id, i) => [id, i]));
      const caseIndexOf = Int32Array.from(file.cases.map((c) => pos.get(c.id) ?? -1));
      remember(job.key, { index, file, caseAt, caseIndexOf });
      return { result: { ok: true } };
    }
    case 'apply':
      return { result: await applyJob(job) };
    default:
      return { result: query(job) };
  }
}

/** The findings workbook or CSV of the whole analysis, in list order, with reviews and suppressions; each row made as it is written. */
async function exportJob(job: Extract<Job, { type: 'export' }>): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
  const l = withReviews(job.key, job.reviews);
  if ('retry' in l) return { result: l };
  const { index } = l;
  const reviews = new Map(job.full.map((r) => [r.findingId, r]));
  const evidence = job.evidence ? new Map(job.evidence) : undefined;
  const list = index.ordered({});
  const findingOf = (i: number) => {
    const ref = index.line(i);
    return JSON.parse(decoder.decode(job.ndjson.subarray(ref.start, ref.start + ref.length))) as Finding;
  };
  if (job.format === 'xlsx' && !evidence) {
    // Only the workbook's evidence sheets show evidence: of reviewed findings, the first MAX_EVIDENCE_SHEETS.
    const wanted: [string, number, number][] = [];
    for (let k = 0; k < list.length && wanted.length < MAX_EVIDENCE_SHEETS; k++) {
      const r = reviews.get(index.target(list[k]!).findingId);
      if (!r || r.status === 'open') continue;
      const f = findingOf(list[k]!);
      if (f.evidenceAt) wanted.push([f.findingId, ...f.evidenceAt]);
    }
    if (wanted.length > 0) return { result: { evidence: wanted } };
  }
  let findings = 0;
  function* rows(): Generator<FindingsWorkbookRow> {
    for (const i of list) {
      const f = findingOf(i);
      const s = index.suppressedBy[i]! >= 0 ? index.suppressions[index.suppressedBy[i]!] : undefined;
      findings++;
      yield findingsWorkbookRow(f, reviews.get(f.findingId) as Partial<FindingsWorkbookRow> | undefined, s ? suppressionLabel(s) : '', f.evidenceAt ? (evidence?.get(f.findingId) ?? []) : undefined);
    }
  }
  const chunks: Uint8Array[] = [];
  const sink = { write: (c: Uint8Array) => void chunks.push(c.slice()), end: async () => {} };
  if (job.format === 'csv') await writeFindingsCsv(sink, rows(), { timeZone: job.timeZone });
  else await writeFindingsWorkbook(sink, rows(), job.about, { timeZone: job.timeZone, maxRows: job.maxRows });
  const bytes = Buffer.concat(chunks);
  chunks.length = 0;
  const out = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).slice();
  return { result: { bytes: out, findings }, transfer: [out.buffer] };
}

/** Starts (or, with `wait`, runs) a review job over every finding the filter matches; answers how many. */
async function applyJob(job: Extract<Job, { type: 'apply' }>): Promise<unknown> {
  const l = withReviews(job.key, job.reviews);
  if ('retry' in l) return l;
  const list = l.index.ordered(job.filter);
  const running = applyReview(job.spec, l.index, list);
  if (job.wait) await running;
  return { matched: list.length };
}

function query(job: Exclude<Job, { type: 'derive' | 'build-index' | 'load' | 'export' | 'apply' }>): unknown {
  const l = withReviews(job.key, job.reviews);
  if ('retry' in l) return l;
  const { index } = l;
  switch (job.type) {
    case 'findings':
      return { ...index.queryPage(job.filter, job.cursor, job.limit), recordSource: index.data.recordSource, recordCoverage: index.data.recordCoverage };
    case 'lookup': {
      const lines: (LineRef & { target: FindingTarget })[] = [];
      const missing: string[] = [];
      for (const id of job.ids) {
        const i = index.indexOf(id);
        if (i === undefined) missing.push(id);
        else lines.push({ ...index.line(i), target: index.target(i) });
      }
      return { lines, missing };
    }
    case 'targets':
      return index.targets(job.filter, job.cap);
    case 'plan': {
      if (job.filter.caseId !== undefined && !l.caseAt.has(job.filter.caseId)) return { notFound: true };
      const list = index.ordered(job.filter);
      const pairs = new Map<string, { rule: string; user: string; findingId: string }>();
      if (job.pairs > 0) {
        for (const i of list) {
          const t = index.target(i);
          if (!t.user) continue;
          const k = `${t.rule.id}\u001f${t.user}`;
          if (!pairs.has(k)) pairs.set(k, { rule: t.rule.id, user: t.user, findingId: t.findingId });
          if (pairs.size > job.pairs) break;
        }
      }
      return { matched: list.length, pairs: [...pairs.values()] };
    }
    case 'cases': {
      const p = index.caseProgress();
      const matched: { c: Case; progress: CaseProgress }[] = [];
      const byRisk = { critical: 0, high: 0, medium: 0, low: 0 };
      const toReviewByRisk = { critical: 0, high: 0, medium: 0, low: 0 };
      let toReview = 0;
      const rules = new Map<string, number>();
      l.file.cases.forEach((c, i) => {
        const progress = progressOf(p, l.caseIndexOf[i]!);
        byRisk[c.risk_level]++;
        if (progress.open > 0) {
          toReview++;
          toReviewByRisk[c.risk_level]++;
        }
        for (const r of c.rules) rules.set(r.rule, (rules.get(r.rule) ?? 0) + 1);
        if (caseMatches(c, job.filter, progress)) matched.push({ c, progress });
      });
      const titles = new Map(index.data.rules.map((r) => [r.id, r]));
      return {
        // The page's cases with their decisions (the list says "3 Explained, 1 Escalated", not only "4 of 6 reviewed").
        cases: matched.slice(job.cursor, job.cursor + job.limit).map(({ c, progress }) => summaryOf(c, withDecisions(index, c, progress))),
        matched: matched.length,
        nextCursor: job.cursor + job.limit < matched.length ? String(job.cursor + job.limit) : null,
        counts: { total: l.file.cases.length, toReview, byRisk, toReviewByRisk },
        rules: [...rules]
          .map(([id, cases]) => ({ id, title: titles.get(id)?.title ?? id, severity: titles.get(id)?.severity ?? 'high', cases }))
          .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
        settings: l.file.settings,
      };
    }
    case 'case': {
      const at = l.caseAt.get(job.caseId);
      if (at === undefined) return { notFound: true };
      const c = l.file.cases[at]!;
      const p = index.caseProgress();
      const ci = l.caseIndexOf[at]!;
      const from = c.findings_offset + job.cursor;
      const to = Math.min(c.findings_offset + c.findings_count, from + job.limit, index.count);
      const lines: LineRef[] = [];
      for (let i = from; i < to; i++) lines.push(index.line(i));
      return {
        case: summaryOf(c, withDecisions(index, c, progressOf(p, ci))),
        position: at + 1,
        cases: l.file.cases.length,
        members: lines,
        nextCursor: job.cursor + job.limit < c.findings_count ? String(job.cursor + job.limit) : null,
      };
    }
  }
}

/** For tests: forget what the worker keeps. */
export function forgetLoaded(): void {
  loaded.clear();
}
