/**
 * A review of a whole case or of every finding a filter matches (issue 24, "nothing hidden"): no
 * cap. The request that asks for it records a job (`REVIEWJOB#…`, its progress and result) and
 * hands it to a review worker, which chooses the findings from the index it holds and writes
 * their reviews in batches of APPLY_BATCH. Each batch takes the analysis's review lock, reads the
 * members' current statuses consistently under it, and writes trail entries then reviews
 * (review-store.ts writeUnderLock), so a single review or another bulk job of the same analysis
 * can run between two batches and every finding's trail stays a chain. A job that reviews only
 * open members (or a status filter) skips a finding whose status changed meanwhile. The request
 * thread does no work proportional to the job: it answers with the result when the job ends
 * within a moment, else with the job, which the web app polls (GET /results/{id}/review-jobs/{jobId}).
 * On AWS there are no review workers: the request puts the job on the review queue and the review
 * job function runs it (review-dispatch.ts), continuing in a new invocation when one's time runs out.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ReviewStatus } from '@app/core/review/index.ts';
import type { AppConfig } from '../../config/index.ts';
import { createDocumentClient } from '../db.ts';
import { keys } from '../keys.ts';
import type { Logger } from '../../ports/index.ts';
import type { FindingsIndex } from './findings-index.ts';
import { reviewKeys } from './review-keys.ts';
import { bumpReviewsVersion, withReviewLock, writeUnderLock, type ReviewDb, type ReviewState } from './review-store.ts';

/** Findings written per hold of the review lock. */
export const APPLY_BATCH = 500;
/** A running job whose progress has not moved for this long has stopped (its process ended): it writes its progress after each batch, and HEARTBEAT_MS apart while a batch takes long. */
export const JOB_STALLED_MS = 120_000;
/** How often a running job says it is alive while a batch is written (DynamoDB throttling may hold a batch for long). */
export const HEARTBEAT_MS = 30_000;
/**
 * How long a job waits on the review queue (AWS) at most before some message can no longer start it:
 * the queue keeps a message 24 hours (stacks/review-jobs.ts REVIEW_QUEUE_RETENTION_SECONDS), plus a
 * margin. A queued job is not guessed stopped before then: a message that cannot be run ends in the
 * dead letters, whose handler marks its job failed (review-dispatch.ts failDeadLetter); this horizon
 * only catches a job whose failure could not even be recorded.
 */
export const JOB_QUEUED_HORIZON_MS = 25 * 60 * 60_000;
/** Review jobs of one analysis running at once; more are refused (503). */
export const MAX_RUNNING_JOBS = 2;

/** The table settings a worker needs to write reviews (no other secret travels to it). */
export type TableConnection = Pick<AppConfig, 'mode' | 'region' | 'tableName' | 'dynamoEndpoint' | 'secret'>;

export const tableConnection = (c: AppConfig): TableConnection => ({ mode: c.mode, region: c.region, tableName: c.tableName, dynamoEndpoint: c.dynamoEndpoint, secret: c.secret });

export type ReviewJobState = 'queued' | 'running' | 'done' | 'failed';

/** The clock a job's freshness is written and judged by (tests move it forward). */
export const jobClock = { now: (): number => Date.now(), heartbeatMs: HEARTBEAT_MS };

export interface ReviewJobItem {
  jobId: string;
  analysisId: string;
  /** case, filter: a review; export: the findings download written on the review queue (AWS, export-jobs.ts). */
  kind: 'case' | 'filter' | 'export';
  caseId?: string;
  /** An export's file once written (export-jobs.ts): the answer hands out a fresh link to it. */
  download?: { key: string; fileName: string; format: 'xlsx' | 'csv'; findings: number; order: 'list' | 'analysis' };
  /** queued (waiting on the review queue for the review job function: AWS; or, a streamed export on this machine, for an export thread), running, done, failed. */
  state: ReviewJobState;
  /**
   * `server`: queued in this server's memory (a streamed export on this machine waiting for an
   * export thread, export-jobs.ts), not on a queue that outlives the server. Kept fresh while it
   * waits, so it reads failed, as a running job does, once the server stopped.
   */
  waitsIn?: 'server';
  /** The decision applied. */
  status: ReviewStatus;
  /** Findings chosen when the job started. */
  matched: number;
  /** Findings looked at so far, written and skipped. */
  processed: number;
  updated: number;
  /** Findings left alone because their status changed meanwhile (a review of open findings). */
  skipped: number;
  suppressions: string[];
  startedAt: string;
  updatedAt: number;
  finishedAt?: string;
  message?: string;
}

/** What the job item also holds but the API does not show: which invocation of the review job function holds it (review-dispatch.ts). */
const INTERNAL = ['step'] as const;

/** What a review worker is sent to apply a review (review-jobs.ts `apply`). */
export interface ApplySpec {
  table: TableConnection;
  userSub: string;
  analysisId: string;
  jobId: string;
  state: ReviewState;
  /** `rule \u001f user` -> the suppression a case review made for it. */
  suppressionOf: [string, string][];
  /** Write only where the finding's current status is this one. */
  onlyIf?: ReviewStatus | undefined;
}

const quiet: Logger = {
  info: () => {},
  warn: (msg, data) => console.warn(JSON.stringify({ time: new Date().toISOString(), level: 'warn', msg, ...data })),
  error: (msg, data) => console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg, ...data })),
};

const clients = new Map<string, ReviewDb>();

/** The review worker's own table client (one per table). */
export function reviewDbFor(table: TableConnection): ReviewDb {
  const key = `${table.region}\u0000${table.dynamoEndpoint ?? ''}\u0000${table.tableName}`;
  let db = clients.get(key);
  if (!db) {
    db = { ddb: createDocumentClient(table as AppConfig), config: table as AppConfig, log: quiet };
    clients.set(key, db);
  }
  return db;
}

const jobKey = (userSub: string, analysisId: string, jobId: string) => ({ pk: keys.user(userSub), sk: reviewKeys.job(analysisId, jobId) });

/** Records a job: `queued` where it waits on the review queue (AWS), `running` where a review worker starts it at once. */
export async function createJobItem(db: ReviewDb, userSub: string, item: Omit<ReviewJobItem, 'processed' | 'updated' | 'skipped' | 'updatedAt' | 'startedAt' | 'state'>, state: 'queued' | 'running'): Promise<ReviewJobItem> {
  const full: ReviewJobItem = { ...item, state, processed: 0, updated: 0, skipped: 0, startedAt: new Date(jobClock.now()).toISOString(), updatedAt: jobClock.now() };
  await db.ddb.send(new PutCommand({ TableName: db.config.tableName, Item: { ...jobKey(userSub, item.analysisId, item.jobId), ...full, step: 0 } }));
  return full;
}

export async function readJobItem(db: ReviewDb, userSub: string, analysisId: string, jobId: string): Promise<ReviewJobItem | undefined> {
  const out = await db.ddb.send(new GetCommand({ TableName: db.config.tableName, Key: jobKey(userSub, analysisId, jobId), ConsistentRead: true }));
  if (!out.Item) return undefined;
  const { pk: _pk, sk: _sk, ...item } = out.Item as ReviewJobItem & { pk: string; sk: string };
  for (const k of INTERNAL) delete (item as Record<string, unknown>)[k];
  const age = jobClock.now() - item.updatedAt;
  const exported = item.kind === 'export';
  // A job whose worker ended (the server stopped) moves no more: say so rather than "running" (or waiting in the server) for ever.
  if ((item.state === 'running' || (item.state === 'queued' && item.waitsIn === 'server')) && age > JOB_STALLED_MS) {
    const message = exported ? 'The download stopped (the server was restarted); download again' : `The review stopped after ${item.processed.toLocaleString('en-US')} of ${item.matched.toLocaleString('en-US')} findings (the server was restarted); review the rest again`;
    return { ...item, state: 'failed', message };
  }
  // No message can start a job queued longer than the queue keeps one.
  if (item.state === 'queued' && age > JOB_QUEUED_HORIZON_MS) {
    const message = exported ? 'The download was not written (it waited too long to run); download again' : `The review was not continued after ${item.processed.toLocaleString('en-US')} of ${item.matched.toLocaleString('en-US')} findings (it waited too long to run); review the rest again`;
    return { ...item, state: 'failed', message };
  }
  return item;
}

/** The condition of a job that still moves: running and fresh, or queued within the queue's horizon (in the server's memory: fresh) (triage.ts counts them against MAX_RUNNING_JOBS). */
export function liveJobCondition(now = jobClock.now()) {
  return {
    expression: '(#st = :running AND updatedAt > :fresh) OR (#st = :queued AND updatedAt > :horizon AND (attribute_not_exists(#waits) OR updatedAt > :fresh))',
    names: { '#st': 'state', '#waits': 'waitsIn' },
    values: { ':running': 'running', ':queued': 'queued', ':fresh': now - JOB_STALLED_MS, ':horizon': now - JOB_QUEUED_HORIZON_MS },
  };
}

export type JobRef = Pick<ApplySpec, 'userSub' | 'analysisId' | 'jobId'>;

/** Sets these fields of the job (its progress, its end), and its time. */
export async function progress(db: ReviewDb, spec: JobRef, set: Partial<ReviewJobItem>): Promise<void> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts: string[] = [];
  for (const [k, v] of Object.entries({ ...set, updatedAt: jobClock.now() })) {
    names[`#${k}`] = k;
    values[`:${k}`] = v;
    parts.push(`#${k} = :${k}`);
  }
  await db.ddb.send(
    new UpdateCommand({
      TableName: db.config.tableName,
      Key: jobKey(spec.userSub, spec.analysisId, spec.jobId),
      UpdateExpression: `SET ${parts.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** Records a job's failure (a job the review job function could not run or continue). */
export async function failJob(db: ReviewDb, job: JobRef, message: string): Promise<void> {
  await progress(db, job, { state: 'failed', message, finishedAt: new Date().toISOString() });
}

/** Sets `set` on the job only where `condition` holds: false where it does not. */
async function updateIf(db: ReviewDb, job: JobRef, set: string, condition: string, values: Record<string, unknown>): Promise<boolean> {
  try {
    await db.ddb.send(
      new UpdateCommand({
        TableName: db.config.tableName,
        Key: jobKey(job.userSub, job.analysisId, job.jobId),
        UpdateExpression: set,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#st': 'state', ...(`${set} ${condition}`.includes('#step') ? { '#step': 'step' } : {}) },
        ExpressionAttributeValues: { ':now': jobClock.now(), ...values },
      }),
    );
    return true;
  } catch (e) {
    if ((e as Error | undefined)?.name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

/**
 * Takes step `step` of a queued job for one invocation of the review job function
 * (review-dispatch.ts), moving it to running: true once, for the first taker; false for a message
 * delivered again, a job another invocation continues, or a job that ended. So no batch of a job
 * is written twice, and a job reads as running only once something runs it.
 */
export const claimJobStep = (db: ReviewDb, job: JobRef, step: number): Promise<boolean> =>
  // A job recorded `running` with its step not yet taken was queued before queued existed (a deployment's messages in flight).
  updateIf(db, job, 'SET #step = :next, #st = :running, updatedAt = :now', '#st IN (:queued, :running) AND #step = :step', { ':next': step + 1, ':running': 'running', ':queued': 'queued', ':step': step });

/** Puts a running job back to queued while its next step waits on the review queue (its holder, step `step`, stopped in time). */
export const requeueJob = (db: ReviewDb, job: JobRef, step: number): Promise<boolean> =>
  updateIf(db, job, 'SET #st = :queued, updatedAt = :now', '#st = :running AND #step = :step', { ':running': 'running', ':queued': 'queued', ':step': step });

/** Marks a job failed whose step `step` ended in the dead letters, unless it ended otherwise or moved on meanwhile. */
export const failStepOfJob = (db: ReviewDb, job: JobRef, step: number, message: string): Promise<boolean> =>
  updateIf(db, job, 'SET #st = :failed, message = :message, finishedAt = :at, updatedAt = :now', '#st IN (:queued, :running) AND #step IN (:step, :next)', {
    ':failed': 'failed',
    ':message': message,
    ':at': new Date(jobClock.now()).toISOString(),
    ':queued': 'queued',
    ':running': 'running',
    ':step': step,
    ':next': step + 1,
  });

/** Says a job is alive (a batch that takes long; an export waiting in the server for its thread); nothing where it is no longer in `state`. */
const heartbeat = (db: ReviewDb, job: JobRef, state: 'running' | 'queued'): Promise<boolean> => updateIf(db, job, 'SET updatedAt = :now', '#st = :state', { ':state': state });

/** Runs `work` while saying every jobClock.heartbeatMs that the job is alive (running, or `state`). */
export async function withHeartbeat<T>(db: ReviewDb, job: JobRef, work: () => Promise<T>, state: 'running' | 'queued' = 'running'): Promise<T> {
  const beat = setInterval(() => void heartbeat(db, job, state).catch(() => {}), jobClock.heartbeatMs);
  beat.unref?.();
  try {
    return await work();
  } finally {
    clearInterval(beat);
  }
}

export interface ApplyOptions {
  /** Where in `list` to start (a continued job), with the counts of what was done before. */
  from?: number;
  updated?: number;
  skipped?: number;
  /** Asked after each batch: true stops the job there, its progress recorded, to continue elsewhere (the review job function's time is running out). */
  stop?: () => boolean;
  /** The table client (default: the worker's own, reviewDbFor). */
  db?: ReviewDb;
}

/** How applyReview ended: the job done or failed (recorded on the job), or stopped at `processed` to be continued. */
export type ApplyOutcome = { state: 'done' | 'failed' } | { state: 'stopped'; processed: number; updated: number; skipped: number };

/**
 * Applies the review to findings `list` (finding numbers of `index`), APPLY_BATCH at a time,
 * recording progress on the job item after each batch and the result at the end. Never throws:
 * a failure is recorded on the job.
 */
export async function applyReview(spec: ApplySpec, index: FindingsIndex, list: readonly number[] | Uint32Array, options: ApplyOptions = {}): Promise<ApplyOutcome> {
  const db = options.db ?? reviewDbFor(spec.table);
  const suppressionOf = new Map(spec.suppressionOf);
  const keep = spec.onlyIf === undefined ? undefined : (current: ReviewStatus) => current === spec.onlyIf;
  let updated = options.updated ?? 0;
  let skipped = options.skipped ?? 0;
  let processed = options.from ?? 0;
  return withHeartbeat(db, spec, async (): Promise<ApplyOutcome> => {
    try {
      if (processed === 0) await progress(db, spec, { matched: list.length });
      for (let from = processed; from < list.length; from += APPLY_BATCH) {
        const writes = Array.from(list.slice(from, from + APPLY_BATCH), (i) => {
          const t = index.target(i);
          const sid = suppressionOf.get(`${t.rule.id}\u001f${t.user}`);
          return { findingId: t.findingId, state: sid ? { ...spec.state, suppressionId: sid } : spec.state };
        });
        const written = await withReviewLock(db, spec.userSub, spec.analysisId, async (seq) => {
          const out = await writeUnderLock(db, spec.userSub, spec.analysisId, seq, writes, keep);
          return { result: out.entries.filter(Boolean).length, seq: out.seq };
        });
        updated += written;
        skipped += writes.length - written;
        processed += writes.length;
        if (from + APPLY_BATCH < list.length) {
          await progress(db, spec, { processed, updated, skipped });
          if (options.stop?.()) {
            await bumpReviewsVersion(db, spec.userSub, spec.analysisId);
            return { state: 'stopped', processed, updated, skipped };
          }
        }
      }
      await bumpReviewsVersion(db, spec.userSub, spec.analysisId);
      await progress(db, spec, { processed, updated, skipped, state: 'done', finishedAt: new Date().toISOString() });
      return { state: 'done' };
    } catch (e) {
      quiet.error('review job failed', { analysisId: spec.analysisId, jobId: spec.jobId, error: String(e) });
      await bumpReviewsVersion(db, spec.userSub, spec.analysisId).catch(() => {});
      const message = `The review stopped after ${processed.toLocaleString('en-US')} of ${list.length.toLocaleString('en-US')} findings (${(e as Error).message}); review the rest again`;
      await progress(db, spec, { processed, updated, skipped, state: 'failed', message, finishedAt: new Date().toISOString() }).catch(() => {});
      return { state: 'failed' };
    }
  });
}
