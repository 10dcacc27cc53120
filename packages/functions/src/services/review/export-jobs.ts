/**
 * The findings download on AWS (docs/review.md "Findings workbook"): an analysis of millions of
 * findings takes minutes to write, beyond API Gateway's 29 s, so where case and filter reviews
 * go to the review queue (REVIEW_QUEUE_URL) the export does too. The request records a job
 * (`kind: export`, queued, counted with the review jobs against MAX_RUNNING_JOBS), puts it on the
 * queue and answers as a review does: the download when it was written within a moment, else 202
 * with the job, which the web app polls (GET /results/{id}/review-jobs/{jobId}) until it is done
 * and answers with a fresh link. The review job function claims it (queued -> running), writes it
 * with a heartbeat (one invocation: 15 minutes), and records where the file is.
 *
 * On this machine (no review queue) a small export is written by the review workers within the
 * request (200 with the link). A streamed one (more than exportLimits.inMemoryBytes of findings:
 * minutes of CPU for millions of findings) is a job too, written by a worker thread of its own
 * (export-worker.ts) over the blob store's files, never on the server's main thread; the
 * request answers as above (the link within a moment, else 202 with the job).
 */
import { randomUUID } from 'node:crypto';
import { sendReviewQueueMessage } from '../../adapters/queue/review-queue.ts';
import { VisibleError } from '../../http/errors.ts';
import type { Services } from '../types.ts';
import { Worker } from 'node:worker_threads';
import type { ExportWorkerAnswer, ExportWorkerData } from './export-worker.ts';
import { streamFindingsExport } from './stream-export.ts';
import { downloadOf, exportLimits, prepareFindingsExport, streamSpecOf, writeFindingsExport, writeInMemoryExport, type PreparedExport, type WrittenExport } from './findings-export.ts';
import { claimJobStep, createJobItem, failJob, MAX_RUNNING_JOBS, progress, withHeartbeat } from './review-apply.ts';
import type { ReviewDb } from './review-store.ts';
import { awaitJob, runningJobs } from './triage.ts';

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

/** GET /results/{id}/findings/export: the download (200), or on AWS possibly the job writing it (202). */
export async function requestFindingsExport(services: Services, userSub: string, analysisId: string, format: 'xlsx' | 'csv') {
  if (!services.config.reviewQueueUrl) return localExport(services, userSub, analysisId, format);
  const running = await runningJobs(services, userSub, analysisId);
  if (running >= MAX_RUNNING_JOBS) throw new VisibleError('UNAVAILABLE', `${running} jobs of this analysis are still running; wait for one to finish`);
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

/** The download on this machine: written within the request when small, else a job in a worker thread of its own. */
async function localExport(services: Services, userSub: string, analysisId: string, format: 'xlsx' | 'csv') {
  const p = await prepareFindingsExport(services, userSub, analysisId, format);
  const localPath = services.blobs.localPath?.bind(services.blobs);
  // A store without files (S3 without a queue) streams in the request, as the review job function does.
  if (!p.streamed || !localPath) {
    const written = p.streamed ? { ...p.written, findings: await streamFindingsExport(services.blobs, streamSpecOf(p)) } : await writeInMemoryExport(p);
    return { code: 200 as const, body: await downloadOf(services, written) };
  }
  const running = await runningJobs(services, userSub, analysisId);
  if (running >= MAX_RUNNING_JOBS) throw new VisibleError('UNAVAILABLE', `${running} jobs of this analysis are still running; wait for one to finish`);
  const jobId = randomUUID();
  await createJobItem(services, userSub, { jobId, analysisId, kind: 'export', status: 'open', matched: 0, suppressions: [] }, 'running');
  void runLocalExportJob(services, { userSub, analysisId, jobId }, p, localPath);
  return awaitJob(services, userSub, analysisId, jobId);
}

/** Streams a prepared export in its own worker thread with the job's heartbeat; the end (or the failure) is recorded on the job. */
async function runLocalExportJob(services: Services, job: { userSub: string; analysisId: string; jobId: string }, p: PreparedExport, localPath: (key: string) => string): Promise<void> {
  try {
    const spec = streamSpecOf(p);
    const paths = Object.fromEntries([...Object.values(spec.keys), spec.out].map((key) => [key, localPath(key)]));
    const findings = await withHeartbeat(services, job, () => inExportThread({ spec, paths }));
    const written: WrittenExport = { ...p.written, findings };
    await progress(services, job, { state: 'done', matched: findings, processed: findings, download: written, finishedAt: new Date().toISOString() });
  } catch (e) {
    services.log.error('export job failed', { ...job, error: String(e) });
    const message = e instanceof VisibleError ? e.message : 'The download could not be written; try again';
    await failJob(services, job, message).catch(() => {});
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
