/**
 * The findings download on AWS (docs/review.md "Findings workbook"): an analysis of millions of
 * findings takes minutes to write, beyond API Gateway's 29 s, so where case and filter reviews
 * go to the review queue (REVIEW_QUEUE_URL) the export does too. The request records a job
 * (`kind: export`, queued, counted with the review jobs against MAX_RUNNING_JOBS), puts it on the
 * queue and answers as a review does: the download when it was written within a moment, else 202
 * with the job, which the web app polls (GET /results/{id}/review-jobs/{jobId}) until it is done
 * and answers with a fresh link. The review job function claims it (queued -> running), writes it
 * with a heartbeat (one invocation: 15 minutes), and records where the file is. Locally the
 * request writes it (findings-export.ts).
 */
import { randomUUID } from 'node:crypto';
import { sendReviewQueueMessage } from '../../adapters/queue/review-queue.ts';
import { VisibleError } from '../../http/errors.ts';
import type { Services } from '../types.ts';
import { exportFindings, exportLimits, writeFindingsExport } from './findings-export.ts';
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
  if (!services.config.reviewQueueUrl) return { code: 200 as const, body: await exportFindings(services, userSub, analysisId, format) };
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
