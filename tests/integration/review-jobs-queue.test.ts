/**
 * Case and filter reviews as they run on AWS (issue 24): the API records the job and puts it on
 * the review queue (REVIEW_QUEUE_URL set), answering 202 with the job; the review job function's
 * handler runs it, and an invocation whose time runs out stops after a batch and puts a
 * continuation on the queue. Everything is the deployed code on the local stack's table and blob
 * store; only the SQS client is a stand-in (the SDK edge), and the Lambda context gives each
 * invocation a budget of one batch.
 */
import type { SQSEvent } from 'aws-lambda';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reviewQueueSdk } from '@app/functions/adapters/queue/review-queue.ts';
import { reviewJobHandler } from '@app/functions/handlers/review-job.ts';
import { queryAll } from '@app/functions/services/db.ts';
import { keys } from '@app/functions/services/keys.ts';
import { APPLY_BATCH, claimJobStep, failJob, HEARTBEAT_MS, JOB_STALLED_MS, jobClock, MAX_RUNNING_JOBS, readJobItem } from '@app/functions/services/review/review-apply.ts';
import { jobListKey, STOP_MARGIN_MS, type ReviewJobMessage } from '@app/functions/services/review/review-dispatch.ts';
import { reviewKeys } from '@app/functions/services/review/review-keys.ts';
import type { TestClient, TestStack } from '../support/stack.ts';
import { getOk, signedInStack } from '../support/suite.ts';
import { text } from './pipeline-fixtures.ts';
import { analysedFiles } from './pipeline-support.ts';

const QUEUE_URL = 'https://sqs.eu-central-1.amazonaws.com/123456789012/review-jobs';
const DEAD_LETTERS_ARN = 'arn:aws:sqs:eu-central-1:123456789012:review-jobs-dead-letters';
/** Records of one user; each carries two high rules, so 1,300 findings: three batches of APPLY_BATCH. */
const ROWS = 650;
const pad = (n: number) => String(n).padStart(2, '0');

function massDebugSm20(): string {
  const lines = ['Date,Time,Client,User,Terminal Name,Transaction Code,Program,Event,Audit Log Msg. Text'];
  for (let i = 0; i < ROWS; i++) {
    const s = i * 7;
    lines.push(`02.11.2026,${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)},100,MASSDEBUG,TERM1,SE38,RSDEBUG,CUL,Field content changed in debugger`);
  }
  lines.push('03.11.2026,10:00:00,100,OTHER,TERM2,VA01,SAPMV45A,AU3,Transaction VA01 started');
  return lines.join('\r\n') + '\r\n';
}

/** The SQS client stand-in: what the app sends, in order. */
const sent: { QueueUrl?: string; body: ReviewJobMessage }[] = [];
/** The next send fails as SQS would when unreachable. */
let failNext = false;
const fakeSqs = {
  send: async (command: unknown) => {
    if (!(command instanceof SendMessageCommand)) throw new Error('Only SendMessage is expected');
    if (failNext) {
      failNext = false;
      throw Object.assign(new Error('connect ETIMEDOUT'), { name: 'TimeoutError' });
    }
    sent.push({ QueueUrl: command.input.QueueUrl, body: JSON.parse(command.input.MessageBody!) as ReviewJobMessage });
    return {};
  },
};

let stack: TestStack;
let alice: TestClient;
let analysisId: string;

signedInStack((s) => ({ stack, user: alice } = s), { stack: { env: { REVIEW_QUEUE_URL: QUEUE_URL, REVIEW_DEAD_LETTERS_ARN: DEAD_LETTERS_ARN }, quietErrors: true } });
beforeAll(async () => {
  reviewQueueSdk.client = fakeSqs;
  analysisId = await analysedFiles(alice, [{ name: 'sm20-debug.csv', bytes: text(massDebugSm20()) }], 120_000);
}, 180_000);
afterAll(() => {
  reviewQueueSdk.client = undefined;
});

const get = getOk;
/** Every invocation has time for one batch only: less than STOP_MARGIN_MS left. */
const shortOfTime = { getRemainingTimeInMillis: () => STOP_MARGIN_MS - 1 };
const eventOf = (m: ReviewJobMessage) => ({ Records: [{ body: JSON.stringify(m) }] }) as unknown as SQSEvent;

/** Delivers the queue's messages to the review job function until none is left; the messages it took. */
async function drain(): Promise<ReviewJobMessage[]> {
  const handler = reviewJobHandler(() => stack.services);
  const taken: ReviewJobMessage[] = [];
  while (sent.length > 0) {
    const m = sent.shift()!;
    expect(m.QueueUrl).toBe(QUEUE_URL);
    taken.push(m.body);
    await handler(eventOf(m.body), shortOfTime);
  }
  return taken;
}

/** Every trail entry of the analysis, by finding, oldest first. */
async function trails(): Promise<Map<string, { status: string; previousStatus: string }[]>> {
  const items = await queryAll<{ findingId: string; status: string; previousStatus: string }>(stack.services.ddb, {
    TableName: stack.services.config.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': keys.user(alice.sub), ':sk': reviewKeys.trailsOf(analysisId) },
  });
  const out = new Map<string, { status: string; previousStatus: string }[]>();
  for (const i of items) out.set(i.findingId, [...(out.get(i.findingId) ?? []), { status: i.status, previousStatus: i.previousStatus }]);
  return out;
}

describe('a review job larger than one invocation', () => {
  it('bulk triage by a status filter: queued (202), continued after each batch, every finding reviewed once', async () => {
    const filter = { user: 'MASSDEBUG', status: 'open' };
    const matched = (await get(alice, `/results/${analysisId}/findings?${new URLSearchParams(filter)}&limit=1`)).matched;
    expect(matched).toBeGreaterThan(2 * APPLY_BATCH);
    const res = await alice.call('PUT', `/results/${analysisId}/findings/review-by-filter`, { filter, expected: matched, status: 'escalated', comment: 'Ask the developer' });
    // Nothing runs the job within the request: the answer is the job, as with a review worker.
    expect(res.status, res.text).toBe(202);
    // Queued: nothing has taken it from the queue yet.
    expect(res.json.job).toMatchObject({ state: 'queued', kind: 'filter', matched, processed: 0 });
    expect(sent.map((m) => m.body)).toMatchObject([{ jobId: res.json.job.jobId, analysisId, step: 0, resumeAt: 0, filter }]);

    const steps = await drain();
    const batches = Math.ceil(matched / APPLY_BATCH);
    // One invocation per batch: the first from the request, the others continuations naming where to resume.
    expect(steps.map((m) => [m.step, m.resumeAt])).toEqual(Array.from({ length: batches }, (_, i) => [i, i * APPLY_BATCH]));

    const done = await get(alice, `/results/${analysisId}/review-jobs/${res.json.job.jobId}`);
    expect(done.job).toMatchObject({ state: 'done', matched, processed: matched, updated: matched, skipped: 0 });
    // Which invocation holds the job is the function's business, not the answer's.
    expect(done.job).not.toHaveProperty('step');
    // The filter matched open findings; the job's own writes change that, yet its later steps wrote the findings chosen at the start.
    expect((await get(alice, `/results/${analysisId}/findings?${new URLSearchParams(filter)}&limit=1`)).matched).toBe(0);
    expect((await get(alice, `/results/${analysisId}/findings?user=MASSDEBUG&status=escalated&limit=1`)).matched).toBe(matched);
    const t = await trails();
    expect(t.size).toBe(matched);
    for (const entries of t.values()) expect(entries).toEqual([{ status: 'escalated', previousStatus: 'open' }]);
    // The job's list, kept between its steps, is gone.
    expect(await stack.services.blobs.head(jobListKey(alice.sub, analysisId, res.json.job.jobId))).toBeUndefined();
  }, 120_000);

  it('a case review continued across invocations keeps each trail a chain; a message delivered twice writes nothing twice', async () => {
    const c = (await get(alice, `/results/${analysisId}/cases?actor=MASSDEBUG`)).cases.find((x: any) => x.actor === 'MASSDEBUG');
    const members: number = c.members;
    expect(members).toBeGreaterThan(2 * APPLY_BATCH);
    const before = await trails();
    const res = await alice.call('PUT', `/results/${analysisId}/cases/${c.id}/review`, { status: 'explained', comment: 'Developer session in the sandbox client, CHG-9' });
    expect(res.status, res.text).toBe(202);
    const jobId = res.json.job.jobId;
    const handler = reviewJobHandler(() => stack.services);

    // The first step, then a single review between two steps.
    const first = sent.shift()!.body;
    await handler(eventOf(first), shortOfTime);
    // Between two steps the job waits on the queue for its continuation.
    expect((await get(alice, `/results/${analysisId}/review-jobs/${jobId}`)).job).toMatchObject({ state: 'queued', processed: APPLY_BATCH, updated: APPLY_BATCH });
    const lastMember = (await get(alice, `/results/${analysisId}/findings?caseId=${c.id}&status=escalated&limit=1`)).findings[0].findingId;
    const one = await alice.call('PUT', `/results/${analysisId}/findings/${lastMember}/review`, { status: 'false_positive', comment: 'Test data' });
    expect(one.status, one.text).toBe(200);

    // SQS delivers the first message again: its step is taken, nothing is written.
    await handler(eventOf(first), shortOfTime);
    expect(sent.map((m) => m.body.step)).toEqual([1]);
    const continuation = sent[0]!.body;
    const steps = await drain();
    expect(steps.length).toBe(Math.ceil(members / APPLY_BATCH) - 1);
    // And the continuation delivered again once the job is done.
    await handler(eventOf(continuation), shortOfTime);
    expect(sent).toEqual([]);

    const done = await get(alice, `/results/${analysisId}/review-jobs/${jobId}`);
    expect(done.job).toMatchObject({ state: 'done', matched: members, processed: members, updated: members, skipped: 0 });
    const after = await trails();
    let chained = 0;
    for (const [findingId, entries] of after) {
      const had = before.get(findingId) ?? [];
      const added = entries.slice(had.length);
      // Exactly one entry by the case review (two for the finding reviewed meanwhile, if the job came after it), each following the last.
      expect(added.length, findingId).toBeLessThanOrEqual(findingId === lastMember ? 2 : 1);
      for (let i = 1; i < entries.length; i++) expect(entries[i]!.previousStatus, findingId).toBe(entries[i - 1]!.status);
      if (added.some((e) => e.status === 'explained')) chained++;
    }
    expect(chained).toBe(members);
    const current = (await get(alice, `/results/${analysisId}/findings/${lastMember}`)).finding.review.status;
    expect(current).toBe(after.get(lastMember)!.at(-1)!.status);
  }, 120_000);

  it('a job that cannot be queued reads as failed, and the request answers 503', async () => {
    const c = (await get(alice, `/results/${analysisId}/cases?actor=MASSDEBUG`)).cases.find((x: any) => x.actor === 'MASSDEBUG');
    failNext = true;
    const res = await alice.call('PUT', `/results/${analysisId}/cases/${c.id}/review`, { status: 'escalated', comment: 'Once more' });
    expect(res.status, res.text).toBe(503);
    expect(res.json.error.message).toBe('The review could not be started; try again in a moment');
    expect(sent).toEqual([]);
    const jobs = await queryAll<{ state: string; message?: string }>(stack.services.ddb, {
      TableName: stack.services.config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': keys.user(alice.sub), ':sk': reviewKeys.jobsOf(analysisId) },
    });
    expect(jobs.filter((j) => j.state !== 'done')).toMatchObject([{ state: 'failed', message: 'The review could not be started; try again' }]);
  });
});

describe('a review job waiting on the queue', () => {
  const realNow = jobClock.now;
  /** Moves the clock jobs are written and judged by `ms` ahead of now. */
  const later = (ms: number) => {
    jobClock.now = () => Date.now() + ms;
  };
  afterEach(() => {
    jobClock.now = realNow;
    sent.length = 0;
  });
  const massCase = async () => (await get(alice, `/results/${analysisId}/cases?actor=MASSDEBUG`)).cases.find((x: any) => x.actor === 'MASSDEBUG');
  const startCaseReview = async (status: string) => {
    const c = await massCase();
    return alice.call('PUT', `/results/${analysisId}/cases/${c.id}/review`, { status, comment: `Marked ${status} by the queue test` });
  };
  const jobOf = async (jobId: string) => (await get(alice, `/results/${analysisId}/review-jobs/${jobId}`)).job;

  it('a message delivered more than two minutes after it was sent: the job reads queued, counts against the limit, then runs to the end', async () => {
    const first = await startCaseReview('escalated');
    expect(first.status, first.text).toBe(202);
    const jobId = first.json.job.jobId;
    // All of Lambda's concurrency is taken: nothing runs the message for longer than a running job may stand still.
    later(JOB_STALLED_MS + 60_000);
    expect(await jobOf(jobId)).toMatchObject({ state: 'queued', processed: 0 });
    // It still counts as a job of this analysis: with MAX_RUNNING_JOBS waiting, another is refused.
    expect(MAX_RUNNING_JOBS).toBe(2);
    const second = await startCaseReview('explained');
    expect(second.status, second.text).toBe(202);
    const third = await startCaseReview('false_positive');
    expect(third.status, third.text).toBe(503);
    expect(third.json.error.message).toBe('2 reviews of this analysis are still being written; wait for one to finish, then try again');

    // Then the function takes the messages, each step waiting three minutes more on the queue.
    const handler = reviewJobHandler(() => stack.services);
    let delay = JOB_STALLED_MS + 60_000;
    while (sent.length > 0) {
      const m = sent.shift()!.body;
      delay += JOB_STALLED_MS + 60_000;
      later(delay);
      expect((await jobOf(m.jobId)).state).toBe('queued');
      await handler(eventOf(m), shortOfTime);
    }
    const members = (await massCase()).members;
    expect(await jobOf(jobId)).toMatchObject({ state: 'done', matched: members, processed: members, updated: members });
    expect(await jobOf(second.json.job.jobId)).toMatchObject({ state: 'done', matched: members, processed: members, updated: members });
    expect((await get(alice, `/results/${analysisId}/findings?user=MASSDEBUG&status=explained&limit=1`)).matched).toBe(members);
  }, 120_000);

  it('a step whose invocation ended after claiming it: running, then failed once it is two minutes old, and no longer counted', async () => {
    const res = await startCaseReview('escalated');
    expect(res.status, res.text).toBe(202);
    const m = sent.shift()!.body;
    // An invocation took the step and its process ended before the first batch (out of memory, say).
    expect(await claimJobStep(stack.services, m, m.step)).toBe(true);
    expect(await jobOf(m.jobId)).toMatchObject({ state: 'running', processed: 0 });
    later(JOB_STALLED_MS - 5_000);
    expect((await jobOf(m.jobId)).state).toBe('running');
    later(JOB_STALLED_MS + 5_000);
    const stalled = await jobOf(m.jobId);
    expect(stalled).toMatchObject({ state: 'failed', processed: 0 });
    expect(stalled.message).toMatch(/^The review stopped after 0 of [\d,]+ findings/);
    // SQS delivers the message again: its step is taken, nothing is written.
    await reviewJobHandler(() => stack.services)(eventOf(m), shortOfTime);
    expect(sent).toEqual([]);
    // Two more jobs may start: the stalled one no longer counts.
    for (const status of ['explained', 'escalated']) expect((await startCaseReview(status)).status).toBe(202);
    await drain();
  }, 60_000);

  it('a running job says it is alive while a batch takes long (DynamoDB throttling), so it does not read stopped', async () => {
    const res = await startCaseReview('escalated');
    expect(res.status, res.text).toBe(202);
    const m = sent.shift()!.body;
    // The table at the SDK edge: every batch write takes 600 ms, as when DynamoDB throttles and the client backs off.
    const real = stack.services.ddb;
    const slow = { send: async (command: any) => (command instanceof BatchWriteCommand ? new Promise((r) => setTimeout(r, 600)).then(() => real.send(command)) : real.send(command)) };
    const services = { ...stack.services, ddb: slow as unknown as typeof real };
    jobClock.heartbeatMs = 50;
    try {
      const step = reviewJobHandler(() => services)(eventOf(m), shortOfTime);
      let claimed = await readJobItem(stack.services, alice.sub, analysisId, m.jobId);
      while (claimed?.state !== 'running') {
        await new Promise((r) => setTimeout(r, 20));
        claimed = await readJobItem(stack.services, alice.sub, analysisId, m.jobId);
      }
      await new Promise((r) => setTimeout(r, 300));
      const during = await readJobItem(stack.services, alice.sub, analysisId, m.jobId);
      // Still within the first batch (nothing recorded as processed), yet its time moved on.
      expect(during).toMatchObject({ state: 'running', processed: 0 });
      expect(during!.updatedAt).toBeGreaterThan(claimed.updatedAt);
      await step;
    } finally {
      jobClock.heartbeatMs = HEARTBEAT_MS;
    }
    expect(await jobOf(m.jobId)).toMatchObject({ state: 'queued', processed: APPLY_BATCH });
    await drain();
    expect((await jobOf(m.jobId)).state).toBe('done');
  }, 60_000);

  it('a job recorded running before queued existed (messages in flight over a deployment) is still run by its message', async () => {
    const res = await startCaseReview('escalated');
    expect(res.status, res.text).toBe(202);
    const m = sent.shift()!.body;
    // As the previous version recorded it: running, its first step not taken.
    const key = { pk: keys.user(alice.sub), sk: reviewKeys.job(analysisId, m.jobId) };
    await stack.services.ddb.send(new UpdateCommand({ TableName: stack.services.config.tableName, Key: key, UpdateExpression: 'SET #st = :running', ExpressionAttributeNames: { '#st': 'state' }, ExpressionAttributeValues: { ':running': 'running' } }));
    await reviewJobHandler(() => stack.services)(eventOf(m), shortOfTime);
    await drain();
    expect((await jobOf(m.jobId)).state).toBe('done');
  }, 60_000);

  it('a message the function could not run ends in the dead letters: its job reads failed, with how far it got', async () => {
    const res = await startCaseReview('false_positive');
    expect(res.status, res.text).toBe(202);
    const handler = reviewJobHandler(() => stack.services);
    // The first step runs; its continuation is never run (five deliveries throttled) and moves to the dead letters.
    await handler(eventOf(sent.shift()!.body), shortOfTime);
    const continuation = sent.shift()!.body;
    expect(await jobOf(res.json.job.jobId)).toMatchObject({ state: 'queued', processed: APPLY_BATCH });
    const dead = { Records: [{ body: JSON.stringify(continuation), eventSourceARN: DEAD_LETTERS_ARN }] } as unknown as SQSEvent;
    await handler(dead, shortOfTime);
    const failed = await jobOf(res.json.job.jobId);
    expect(failed).toMatchObject({ state: 'failed', processed: APPLY_BATCH });
    expect(failed.message).toMatch(/^The review stopped after 500 of [\d,]+ findings \(the server could not run it\); review the rest again$/);
    // Nothing runs it later, nor does the dead letter read again change a job that ended.
    await handler(eventOf(continuation), shortOfTime);
    expect(sent).toEqual([]);
    expect((await jobOf(res.json.job.jobId)).processed).toBe(APPLY_BATCH);
  }, 60_000);
});

describe('the findings download on the review queue', () => {
  afterEach(() => {
    sent.length = 0;
  });

  it('is written by the review job function: 202 with the job, then the job done with a fresh link to every finding', async () => {
    const total = (await get(alice, `/results/${analysisId}/findings?limit=1`)).counts.total;
    const res = await alice.call('POST', `/results/${analysisId}/findings/export`, { format: 'csv' });
    // Not within the request (API Gateway's 29 s): queued for the function.
    expect(res.status, res.text).toBe(202);
    expect(res.json.job).toMatchObject({ kind: 'export', state: 'queued' });
    expect(res.json).not.toHaveProperty('download');
    expect(sent.map((m) => m.body)).toEqual([{ export: 'csv', userSub: alice.sub, analysisId, jobId: res.json.job.jobId, step: 0 }]);
    await drain();
    const done = await get(alice, `/results/${analysisId}/review-jobs/${res.json.job.jobId}`);
    expect(done.job).toMatchObject({ kind: 'export', state: 'done', matched: total, processed: total });
    // Where the file is stored stays inside; the answer has a link.
    expect(done.job).not.toHaveProperty('download');
    expect(done.download).toMatchObject({ format: 'csv', fileName: `sap-findings-${analysisId.slice(0, 8)}.csv`, findings: total, order: 'list' });
    const lines = new TextDecoder().decode(await (await fetch(done.download.downloadUrl)).arrayBuffer()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(total + 1);
    // The finished job's file by GET, which starts nothing on AWS: a plain GET is sent to POST.
    const again = await get(alice, `/results/${analysisId}/findings/export?format=csv&job=${res.json.job.jobId}`);
    expect(again).toMatchObject({ format: 'csv', findings: total });
    const plain = await alice.call('GET', `/results/${analysisId}/findings/export?format=csv`);
    expect(plain.status, plain.text).toBe(409);
    expect(sent).toEqual([]);
  }, 60_000);

  it("checks the analysis is the caller's before it records or queues anything", async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    const res = await alice.call('POST', `/results/${ghost}/findings/export`, { format: 'csv' });
    expect(res.status, res.text).toBe(404);
    expect(sent).toEqual([]);
    const jobs = await queryAll(stack.services.ddb, { TableName: stack.services.config.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)', ExpressionAttributeValues: { ':pk': keys.user(alice.sub), ':sk': reviewKeys.jobsOf(ghost) } });
    expect(jobs).toEqual([]);
  });

  it('names what holds the two jobs of the analysis: a review and a download', async () => {
    // The jobs earlier tests left waiting (their clock moved ahead) end first: only this test's two count.
    const left = await queryAll<{ jobId: string; state: string }>(stack.services.ddb, { TableName: stack.services.config.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)', ExpressionAttributeValues: { ':pk': keys.user(alice.sub), ':sk': reviewKeys.jobsOf(analysisId) } });
    for (const j of left.filter((j) => j.state === 'queued' || j.state === 'running')) await failJob(stack.services, { userSub: alice.sub, analysisId, jobId: j.jobId }, 'ended by the test');
    const c = (await get(alice, `/results/${analysisId}/cases?actor=MASSDEBUG`)).cases.find((x: any) => x.actor === 'MASSDEBUG');
    const review = await alice.call('PUT', `/results/${analysisId}/cases/${c.id}/review`, { status: 'escalated', comment: 'Held on the queue' });
    expect(review.status, review.text).toBe(202);
    const exported = await alice.call('POST', `/results/${analysisId}/findings/export`, { format: 'xlsx' });
    expect(exported.status, exported.text).toBe(202);
    const third = await alice.call('POST', `/results/${analysisId}/findings/export`, { format: 'csv' });
    expect(third.status, third.text).toBe(503);
    expect(third.json.error.message).toBe('1 review and 1 findings download of this analysis are still being written; wait for one to finish, then try again');
    await drain();
  }, 60_000);

  it('an export message in the dead letters marks its job failed', async () => {
    const res = await alice.call('POST', `/results/${analysisId}/findings/export`, { format: 'xlsx' });
    expect(res.status, res.text).toBe(202);
    const m = sent.shift()!.body;
    await reviewJobHandler(() => stack.services)({ Records: [{ body: JSON.stringify(m), eventSourceARN: DEAD_LETTERS_ARN }] } as unknown as SQSEvent, shortOfTime);
    const failed = await get(alice, `/results/${analysisId}/review-jobs/${res.json.job.jobId}`);
    expect(failed.job).toMatchObject({ kind: 'export', state: 'failed', message: 'The download could not be written (the server could not run it); try again' });
    expect(failed).not.toHaveProperty('download');
  });
});
