/**
 * Case and filter reviews on AWS (issue 24): Lambda has no review workers, and a review of
 * 100,000 findings takes minutes at DynamoDB's 1,000 writes a second in the user's partition,
 * beyond API Gateway's 29 s. So the request records the job (triage.ts) and puts it on the review
 * queue (stacks/review-jobs.ts); the review job function (handlers/review-job.ts) runs it here.
 *
 * One invocation runs for at most 15 minutes. runReviewJob stops cleanly between two batches when
 * its time is nearly up (`remainingMs` below STOP_MARGIN_MS), its progress recorded on the job,
 * stores the job's list of findings (the first step chose it from the index with the statuses of
 * then; a later one cannot choose it again, since the job itself changes those statuses) and puts
 * a continuation message: the job and where to resume. Each step is claimed on the job item
 * (review-apply.ts claimJobStep), so a message SQS delivers twice, or again after a crash, writes
 * nothing twice; each batch re-reads its findings' statuses under the review lock as always.
 *
 * While its message waits on the queue (all of Lambda's concurrency taken, a retry after an error,
 * a continuation not yet picked up) the job reads `queued`, however long: the step's claim moves
 * it to `running`, a step that stops in time moves it back to `queued` before its continuation is
 * sent. A message the function could not run (it failed, or was throttled, REVIEW_MAX_RECEIVES
 * times) moves to the dead letters, whose messages the same function reads: failDeadLetter marks
 * the job failed there, with how far it got.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ReviewStatus } from '@app/core/review/index.ts';
import { REVIEW_STATUSES } from '@app/core/review/index.ts';
import { sendReviewQueueMessage } from '../../adapters/queue/review-queue.ts';
import { VisibleError } from '../../http/errors.ts';
import { requireAnalysis } from '../analyses/analysis-views.ts';
import type { Services } from '../types.ts';
import { workPrefix } from '../workspace.ts';
import { FindingsIndex, STATUS_CODES, type FindingFilter } from './findings-index.ts';
import { artifactKeys, openFindings, readBytes } from './finding-store.ts';
import { applyReview, claimJobStep, failJob, failStepOfJob, readJobItem, requeueJob, tableConnection, type ApplySpec } from './review-apply.ts';
import type { ReviewDb, ReviewState } from './review-store.ts';

/** An invocation stops starting batches when less than this is left of its time (a batch of 500 findings takes seconds, more when DynamoDB throttles). */
export const STOP_MARGIN_MS = 2 * 60_000;

/** A message of the review queue: the job, what to write, and where this step starts. */
export interface ReviewJobMessage {
  userSub: string;
  analysisId: string;
  jobId: string;
  filter: FindingFilter;
  state: ReviewState;
  suppressionOf: [string, string][];
  onlyIf?: ReviewStatus | undefined;
  /** 0: the request's message; n: the n-th continuation. */
  step: number;
  /** Findings of the job's list done before this step. */
  resumeAt: number;
}

/** True where case and filter reviews go to the review queue (AWS), not to a review worker. */
export const reviewsQueued = (services: Services): boolean => Boolean(services.config.reviewQueueUrl);

/** Puts a recorded job on the review queue; a job that cannot be queued is marked failed and the caller told. */
export async function queueReviewJob(services: Services, message: Omit<ReviewJobMessage, 'step' | 'resumeAt'>): Promise<void> {
  try {
    await sendReviewQueueMessage(services.config, { ...message, step: 0, resumeAt: 0 } satisfies ReviewJobMessage);
  } catch (e) {
    services.log.error('review job not queued', { analysisId: message.analysisId, jobId: message.jobId, error: String(e) });
    await failJob(services, message, 'The review could not be started; try again').catch(() => {});
    throw new VisibleError('UNAVAILABLE', 'The review could not be started; try again in a moment');
  }
}

/** Where a job's list of findings (finding numbers, 4 bytes each) is kept between its steps; under work/, so S3 expires a leftover. */
export const jobListKey = (userSub: string, analysisId: string, jobId: string) => `${workPrefix(userSub, analysisId)}review-jobs/${jobId}.bin`;

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;

/** The message as sent, or an error naming what is wrong (only the app's own functions may send to the queue). */
export function parseReviewJobMessage(body: string): ReviewJobMessage {
  let m: Partial<ReviewJobMessage>;
  try {
    m = JSON.parse(body) as Partial<ReviewJobMessage>;
  } catch {
    throw new Error(`Review queue message is not JSON: ${body.slice(0, 200)}`);
  }
  const ok =
    m !== null &&
    typeof m === 'object' &&
    isText(m.userSub) &&
    isText(m.analysisId) &&
    isText(m.jobId) &&
    typeof m.filter === 'object' &&
    m.filter !== null &&
    typeof m.state === 'object' &&
    m.state !== null &&
    (REVIEW_STATUSES as readonly string[]).includes(m.state.status) &&
    Array.isArray(m.suppressionOf) &&
    Number.isInteger(m.step) &&
    m.step! >= 0 &&
    Number.isInteger(m.resumeAt) &&
    m.resumeAt! >= 0;
  if (!ok) throw new Error(`Review queue message without a job: ${body.slice(0, 200)}`);
  return m as ReviewJobMessage;
}

/** The table client of the review job function: more SDK retries than a request's, since throttling (1,000 writes/s per partition) is expected here. */
let patient: ReviewDb | undefined;
export function jobDb(services: Services): ReviewDb {
  if (services.config.mode !== 'aws') return services;
  patient ??= {
    ddb: DynamoDBDocumentClient.from(new DynamoDBClient({ region: services.config.region, maxAttempts: 10, retryMode: 'adaptive' }), {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
    }),
    config: services.config,
    log: services.log,
  };
  return patient;
}

/** The job's findings: chosen from the index at the first step (as the inline path and the review workers do), read back at a later one. */
async function loadJob(services: Services, m: ReviewJobMessage): Promise<{ index: FindingsIndex; list: Uint32Array }> {
  if (m.step === 0) {
    const o = await openFindings(services, m.userSub, m.analysisId);
    const index = new FindingsIndex(await readBytes(services.blobs, o.keys.index));
    index.applySuppressions(o.snapshot?.suppressions ?? []);
    index.applyReviews(o.reviewsVersion, [...o.reviews.values()].map((r) => [r.findingId, STATUS_CODES.indexOf(r.status)] as [string, number]));
    return { index, list: index.ordered(m.filter) };
  }
  await requireAnalysis(services, m.userSub, m.analysisId);
  const [stored, listBytes] = await Promise.all([readBytes(services.blobs, artifactKeys(m.userSub, m.analysisId).index), readBytes(services.blobs, jobListKey(m.userSub, m.analysisId, m.jobId))]);
  const list = new Uint32Array(listBytes.byteLength / 4);
  new Uint8Array(list.buffer).set(listBytes.subarray(0, list.length * 4));
  return { index: new FindingsIndex(stored), list };
}

/**
 * Runs one step of a review job (one invocation of the review job function): claims it, writes
 * batches until the job is done or `remainingMs()` falls below STOP_MARGIN_MS after a batch, and
 * then hands the rest to a continuation message. Throws only before the step is claimed (SQS then
 * delivers the message again, and after two failures moves it to the dead letters).
 */
export async function runReviewJob(services: Services, m: ReviewJobMessage, clock: { remainingMs: () => number }): Promise<void> {
  const job = { userSub: m.userSub, analysisId: m.analysisId, jobId: m.jobId };
  const db = jobDb(services);
  const now = await readJobItem(db, m.userSub, m.analysisId, m.jobId);
  if (!now || (now.state !== 'queued' && now.state !== 'running')) {
    services.log.info('review job message for a job that is not waiting', { ...job, step: m.step });
    return;
  }
  let loaded: { index: FindingsIndex; list: Uint32Array };
  try {
    loaded = await loadJob(services, m);
  } catch (e) {
    // The analysis was deleted or cannot be read: nothing to retry.
    if (e instanceof VisibleError) {
      if (await claimJobStep(db, job, m.step)) await failJob(db, job, `The review stopped: ${e.message}`);
      return;
    }
    throw e;
  }
  if (!(await claimJobStep(db, job, m.step))) {
    services.log.info('review job step already taken', { ...job, step: m.step });
    return;
  }
  const spec: ApplySpec = { table: tableConnection(services.config), ...job, state: m.state, suppressionOf: m.suppressionOf, onlyIf: m.onlyIf };
  const out = await applyReview(spec, loaded.index, loaded.list, {
    db,
    from: m.resumeAt,
    updated: now.updated,
    skipped: now.skipped,
    stop: () => clock.remainingMs() < STOP_MARGIN_MS,
  });
  const listKey = jobListKey(m.userSub, m.analysisId, m.jobId);
  if (out.state !== 'stopped') {
    if (m.step > 0) await services.blobs.delete(listKey).catch((e: unknown) => services.log.warn('review job list not deleted (S3 expires it)', { ...job, error: String(e) }));
    return;
  }
  try {
    if (m.step === 0) {
      const l = loaded.list;
      await services.blobs.put(listKey, new Uint8Array(l.buffer, l.byteOffset, l.byteLength), 'application/octet-stream');
    }
    // Queued again before the continuation exists, so its claim finds the job waiting for it.
    if (!(await requeueJob(db, job, m.step + 1))) {
      services.log.warn('review job changed while its step ran; not continued', { ...job, step: m.step });
      return;
    }
    await sendReviewQueueMessage(services.config, { ...m, step: m.step + 1, resumeAt: out.processed } satisfies ReviewJobMessage);
    services.log.info('review job continues in another invocation', { ...job, step: m.step + 1, processed: out.processed, matched: loaded.list.length });
  } catch (e) {
    services.log.error('review job not continued', { ...job, error: String(e) });
    await failJob(db, job, `The review stopped after ${out.processed.toLocaleString('en-US')} of ${loaded.list.length.toLocaleString('en-US')} findings (it could not be continued); review the rest again`);
  }
}

/**
 * A message of the review queue's dead letters (stacks/review-jobs.ts): its step could not be run
 * (REVIEW_MAX_RECEIVES deliveries failed or were throttled). Marks the job failed with how far it
 * got, unless it ended or moved on meanwhile; the error log names the job for the operator (the
 * alarm on the dead letters fires).
 */
export async function failDeadLetter(services: Services, m: Pick<ReviewJobMessage, 'userSub' | 'analysisId' | 'jobId' | 'step'>): Promise<void> {
  const job = { userSub: m.userSub, analysisId: m.analysisId, jobId: m.jobId };
  const db = jobDb(services);
  const now = await readJobItem(db, m.userSub, m.analysisId, m.jobId);
  const done = now ? `after ${now.processed.toLocaleString('en-US')} of ${now.matched.toLocaleString('en-US')} findings ` : '';
  const message = now?.kind === 'export' ? 'The download could not be written (the server could not run it); try again' : `The review stopped ${done}(the server could not run it); review the rest again`;
  const marked = now ? await failStepOfJob(db, job, m.step, message) : false;
  services.log.error('review job step in the dead letters', { ...job, step: m.step, marked });
}
