/**
 * The findings download (docs/review.md "Findings workbook"). It is started with a POST (CSRF
 * checked by the router; a GET starts nothing: a cache or prefetcher may send one), which looks
 * the analysis up under the caller's sub and checks the jobs limit before any work.
 *
 * On AWS an analysis of millions of findings takes minutes to write, beyond API Gateway's 29 s,
 * so where case and filter reviews go to the review queue (REVIEW_QUEUE_URL) the export does too.
 * The request records a job (`kind: export`, queued, counted with the review jobs against
 * MAX_RUNNING_JOBS), puts it on the queue and answers as a review does: the download when it was
 * written within a moment, else 202 with the job, which the web app polls (GET
 * /results/{id}/review-jobs/{jobId}) until it is done and answers with a fresh link. The review job
 * function claims it (queued -> running), writes it with a heartbeat (one invocation: 15 minutes),
 * and records where the file is. The function's reserved concurrency bounds how many run at once
 * across users (stacks/review-jobs.ts); the others wait on the queue.
 *
 * On this machine (no review queue) a small export is written by the review workers within the
 * request (200 with the link). A streamed one (more than exportLimits.inMemoryBytes of findings:
 * minutes of CPU for millions of findings) is a job too, written by a worker thread of its own
 * (export-worker.ts) over the blob store's files, never on the server's main thread; at most
 * exportThreads.max such threads run at once across all users, further jobs wait `queued` in
 * order. The request answers as above (the link within a moment, else 202 with the job).
 */
import { randomUUID } from 'node:crypto';
import { sendReviewQueueMessage } from '../../adapters/queue/review-queue.ts';
import { VisibleError } from '../../http/errors.ts';
import type { Services } from '../types.ts';
import { Worker } from 'node:worker_threads';
import type { ExportWorkerAnswer, ExportWorkerData } from './export-worker.ts';
import { artifactKeys } from './finding-store.ts';
import { streamFindingsExport } from './stream-export.ts';
import { downloadOf, exportLimits, prepareFindingsExport, streamSpecOf, writeFindingsExport, writeInMemoryExport, type PreparedExport, type WrittenExport } from './findings-export.ts';
import { claimJobStep, createJobItem, failJob, progress, readJobItem, withHeartbeat } from './review-apply.ts';
import type { ReviewDb } from './review-store.ts';
import { awaitJob, requireJobRoom } from './triage.ts';
import { requireAnalysis } from '../analyses/analysis-views.ts';

/** A message of the review queue that writes a findings download. */
export interface ExportJobMessage {
  export: 'xlsx' | 'csv';
  userSub: string;
  analysisId: string;
  jobId: string;
  step: 0;
}

export const isExportMessage = (m: unknown): m is Record<string, unknown> => typeof m === 'object' && m !== null && 'export' in m;

/** The message as sent, or an error naming what is wrong. */
export function parseExportMessage(m: Record<string, unknown>): ExportJobMessage {
  const text = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 200;
  if ((m.export === 'xlsx' || m.export === 'csv') && text(m.userSub) && text(m.analysisId) && text(m.jobId) && m.step === 0) return m as unknown as ExportJobMessage;
  throw new Error(`Review queue message without an export: ${JSON.stringify(m).slice(0, 200)}`);
}

/**
 * POST /results/{id}/findings/export (a mutating call: the router checks the CSRF token): starts
 * the download: written within the request when small (200 with the link), else the job writing
 * it (200 with the link when it was written within a moment, else 202 with the job to poll). The
 * analysis is looked up under the caller's sub (another user's: 404) and the jobs limit checked
 * before any work.
 */
export async function requestFindingsExport(services: Services, userSub: string, analysisId: string, format: 'xlsx' | 'csv') {
  if (!services.config.reviewQueueUrl) return localExport(services, userSub, analysisId, format);
  const analysis = await requireAnalysis(services, userSub, analysisId);
  if (analysis.status !== 'completed' || !analysis.outputs) throw new VisibleError('CONFLICT', `Analysis ${analysisId} is ${analysis.status}; its results are available once it has completed`);
  await requireJobRoom(services, userSub, analysisId);
  const jobId = randomUUID();
  await createJobItem(services, userSub, { jobId, analysisId, kind: 'export', status: 'open', matched: 0, suppressions: [] }, 'queued');
  try {
    await sendReviewQueueMessage(services.config, { export: format, userSub, analysisId, jobId, step: 0 } satisfies ExportJobMessage);
  } catch (e) {
    services.log.error('export job not queued', { analysisId, jobId, error: String(e) });
    await failJob(services, { userSub, analysisId, jobId }, 'The download could not be started; try again').catch(() => {});
    throw new VisibleError('UNAVAILABLE', 'The download could not be started; try again in a moment');
  }
  return awaitJob(services, userSub, analysisId, jobId);
}

/**
 * GET /results/{id}/findings/export: starts nothing. With `job`, the finished export job's file
 * (a fresh link; the caller's own analysis and job only); without, the small export written in
 * memory on this machine, as before jobs existed. An export that is a job (streamed, or any on
 * AWS) is started with POST.
 */
export async function readFindingsExport(services: Services, userSub: string, analysisId: string, format: 'xlsx' | 'csv', jobId: string | undefined) {
  if (jobId) {
    await requireAnalysis(services, userSub, analysisId);
    const job = await readJobItem(services, userSub, analysisId, jobId);
    if (!job || job.kind !== 'export') throw new VisibleError('NOT_FOUND', 'Export job not found');
    if (job.state === 'failed') throw new VisibleError('CONFLICT', job.message ?? 'The download could not be written; try again');
    if (job.state !== 'done' || !job.download) throw new VisibleError('CONFLICT', 'The download is still being written; follow its job (GET /results/{id}/review-jobs/{jobId}) until it is done');
    return downloadOf(services, job.download);
  }
  const startWithPost = `This download is written as a job: start it with POST /results/${analysisId}/findings/export`;
  await requireAnalysis(services, userSub, analysisId);
  // Refused before anything is opened where the stored findings already say it would be a job.
  const stored = services.config.reviewQueueUrl ? undefined : await services.blobs.head(artifactKeys(userSub, analysisId).findings);
  if (services.config.reviewQueueUrl || (stored && stored.size > exportLimits.inMemoryBytes)) throw new VisibleError('CONFLICT', startWithPost);
  const p = await prepareFindingsExport(services, userSub, analysisId, format);
  if (p.streamed) throw new VisibleError('CONFLICT', startWithPost);
  return downloadOf(services, await writeInMemoryExport(p));
}

/** Writes an export job's file (the review job function); a failure is recorded on the job. */
export async function runExportJob(services: Services, db: ReviewDb, m: ExportJobMessage): Promise<void> {
  const job = { userSub: m.userSub, analysisId: m.analysisId, jobId: m.jobId };
  if (!(await claimJobStep(db, job, m.step))) {
    services.log.info('export job already taken or ended', job);
    return;
  }
  try {
    const written = await withHeartbeat(db, job, () => writeFindingsExport(services, m.userSub, m.analysisId, m.export, exportLimits.jobInMemoryBytes));
    await progress(db, job, { state: 'done', matched: written.findings, processed: written.findings, download: written, finishedAt: new Date().toISOString() });
  } catch (e) {
    services.log.error('export job failed', { ...job, error: String(e) });
    const message = e instanceof VisibleError ? e.message : 'The download could not be written; try again';
    await failJob(db, job, message);
  }
}

/**
 * Streamed exports writing at once on this machine, across all users: each is a worker thread
 * of its own, about a core for minutes. Further ones wait, queued in the order they were asked
 * for (their job reads `queued`, the web app says so), and start as one ends. Tests lower it.
 */
export const exportThreads = { max: 2 };
const threads = { busy: 0, waiting: [] as (() => void)[] };

/** A thread at once when one is free and nobody waits before: true, the thread taken. */
function takeThreadNow(): boolean {
  if (threads.waiting.length > 0 || threads.busy >= exportThreads.max) return false;
  threads.busy++;
  return true;
}

/** Resolves once a thread is handed over, in order of asking. */
const waitForThread = () => new Promise<void>((resolve) => threads.waiting.push(resolve));

/** Hands the thread to the first waiting export, else frees it. */
function releaseThread(): void {
  const next = threads.waiting.shift();
  if (next) next();
  else threads.busy--;
}

/** Exports running in a thread and waiting for one on this machine. */
export const exportThreadUse = () => ({ busy: threads.busy, waiting: threads.waiting.length });

/** Takes an export thread as an export does (in turn), for whatever holds it until it calls the answer (tests: later exports wait). */
export async function holdExportThread(): Promise<() => void> {
  if (!takeThreadNow()) await waitForThread();
  let held = true;
  return () => {
    if (held) releaseThread();
    held = false;
  };
}

/** The download on this machine: written within the request when small, else a job in a worker thread of its own. */
async function localExport(services: Services, userSub: string, analysisId: string, format: 'xlsx' | 'csv') {
  // The jobs limit before any work where the stored findings already say the export will be a job (the caller's own files only).
  const stored = await services.blobs.head(artifactKeys(userSub, analysisId).findings);
  if (stored && stored.size > exportLimits.inMemoryBytes) await requireJobRoom(services, userSub, analysisId);
  const p = await prepareFindingsExport(services, userSub, analysisId, format);
  const localPath = services.blobs.localPath?.bind(services.blobs);
  // A store without files (S3 without a queue) streams in the request, as the review job function does.
  if (!p.streamed || !localPath) {
    const written = p.streamed ? { ...p.written, findings: await streamFindingsExport(services.blobs, streamSpecOf(p)) } : await writeInMemoryExport(p);
    return { code: 200 as const, body: await downloadOf(services, written) };
  }
  await requireJobRoom(services, userSub, analysisId);
  const jobId = randomUUID();
  const job = { userSub, analysisId, jobId };
  const now = takeThreadNow();
  try {
    await createJobItem(services, userSub, { jobId, analysisId, kind: 'export', status: 'open', matched: 0, suppressions: [], ...(now ? {} : { waitsIn: 'server' as const }) }, now ? 'running' : 'queued');
  } catch (e) {
    if (now) releaseThread();
    throw e;
  }
  void runLocalExportJob(services, job, p, localPath, now);
  return awaitJob(services, userSub, analysisId, jobId);
}

/** Streams a prepared export in its own worker thread (after its turn when none was free) with the job's heartbeat; the end (or the failure) is recorded on the job. */
async function runLocalExportJob(services: Services, job: { userSub: string; analysisId: string; jobId: string }, p: PreparedExport, localPath: (key: string) => string, hasThread: boolean): Promise<void> {
  let holds = hasThread;
  try {
    if (!holds) {
      await withHeartbeat(services, job, waitForThread, 'queued');
      holds = true;
      await progress(services, job, { state: 'running' });
    }
    const spec = streamSpecOf(p);
    const paths = Object.fromEntries([...Object.values(spec.keys), spec.out].map((key) => [key, localPath(key)]));
    const findings = await withHeartbeat(services, job, () => inExportThread({ spec, paths }));
    const written: WrittenExport = { ...p.written, findings };
    await progress(services, job, { state: 'done', matched: findings, processed: findings, download: written, finishedAt: new Date().toISOString() });
  } catch (e) {
    services.log.error('export job failed', { ...job, error: String(e) });
    const message = e instanceof VisibleError ? e.message : 'The download could not be written; try again';
    await failJob(services, job, message).catch(() => {});
  } finally {
    if (holds) releaseThread();
  }
}

/** Runs export-worker.ts in a new worker thread: how many findings it wrote. */
function inExportThread(data: ExportWorkerData): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./export-worker-boot.mjs', import.meta.url), { workerData: data });
    let answered = false;
    worker.once('message', (a: ExportWorkerAnswer) => {
      answered = true;
      if (a.ok) resolve(a.findings);
      else reject(a.visible ? new VisibleError('RESULT_DAMAGED', a.message) : new Error(a.message));
      void worker.terminate();
    });
    worker.once('error', (e) => {
      answered = true;
      reject(e);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The export worker stopped (exit code ${code})`));
    });
  });
}
