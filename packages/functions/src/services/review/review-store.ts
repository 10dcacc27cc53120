/** Reviews of findings and their audit trail, in the owner's partition (review-keys.ts). */
import { randomUUID } from 'node:crypto';
import { BatchGetCommand, BatchWriteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ReviewStatus } from '@app/core/review/index.ts';
import { VisibleError } from '../../http/errors.ts';
import { queryAll } from '../db.ts';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import { reviewKeys } from './review-keys.ts';

export interface ReviewState {
  status: ReviewStatus;
  comment: string;
  ticket: string;
  reviewer: string;
  reviewedAt: string;
  /** The suppression this review created, if any. */
  suppressionId?: string;
}

export interface ReviewItem extends ReviewState {
  pk: string;
  sk: string;
  analysisId: string;
  findingId: string;
}

/** One change of a finding's review, as the trail shows it. */
export interface TrailEntry extends ReviewState {
  previousStatus: ReviewStatus;
}

/** What the review writes need of the services: the table (the review worker builds its own client, review-apply.ts). */
export type ReviewDb = Pick<Services, 'ddb' | 'config' | 'log'>;

const prefixQuery = (services: ReviewDb, userSub: string, prefix: string) => ({
  TableName: services.config.tableName,
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
  ExpressionAttributeValues: { ':pk': keys.user(userSub), ':sk': prefix },
});

/** The review lock's counter now (0 before any write): every write under the lock after it has a larger one. */
export async function reviewLockSeq(services: ReviewDb, userSub: string, analysisId: string): Promise<number> {
  const out = await services.ddb.send(
    new GetCommand({ TableName: services.config.tableName, Key: { pk: keys.user(userSub), sk: reviewKeys.reviewLock(analysisId) }, ConsistentRead: true, ProjectionExpression: 'seq' }),
  );
  return (out.Item?.seq as number | undefined) ?? 0;
}

/** One write's changes: each state once with the findings it was given to (writeUnderLock). */
export interface ReviewChanges {
  lastSeq: number;
  groups: { state: ReviewState; ids: string[] }[];
}

/**
 * The changes written under the review lock after counter `seq`, in the order they were written
 * (a few items per write of up to 500 findings, not one per review), and the last counter they reach.
 */
export async function reviewChangesSince(services: ReviewDb, userSub: string, analysisId: string, seq: number): Promise<{ changes: ReviewChanges[]; seq: number }> {
  const items = await queryAll<ReviewChanges & { sk: string }>(services.ddb, {
    TableName: services.config.tableName,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.user(userSub), ':from': reviewKeys.changesAfter(analysisId, seq), ':to': `${reviewKeys.changesOf(analysisId)}~` },
  });
  let last = seq;
  for (const i of items) if (i.lastSeq > last) last = i.lastSeq;
  return { changes: items, seq: last };
}

/** findingId -> current review, for the findings that have one. */
export async function loadReviews(services: Services, userSub: string, analysisId: string): Promise<Map<string, ReviewItem>> {
  const items = await queryAll<ReviewItem>(services.ddb, prefixQuery(services, userSub, reviewKeys.reviewsOf(analysisId)));
  return new Map(items.map((i) => [i.findingId, i]));
}

export async function loadTrail(services: Services, userSub: string, analysisId: string, findingId: string): Promise<TrailEntry[]> {
  const items = await queryAll<TrailEntry & { pk: string; sk: string }>(services.ddb, prefixQuery(services, userSub, reviewKeys.trailOf(analysisId, findingId)));
  return items.map(({ pk: _pk, sk: _sk, ...entry }) => entry as TrailEntry);
}

const isConditionFailure = (e: unknown) => (e as Error | undefined)?.name === 'ConditionalCheckFailedException';

/** Waits a little, more after each lost race, so parallel writers spread out. */
export const backoff = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 + attempt * 2)));

/** How long a review write may hold its analysis's lock before another may take it (a crashed writer). */
const LOCK_LEASE_MS = 120_000;
/** How long a write waits for the lock before answering 409. */
const LOCK_WAIT_MS = 60_000;

/**
 * Runs `fn` holding the review lock of one analysis: a lease item taken with a conditional
 * update (locally and on DynamoDB alike), so the writes of one analysis's reviews follow one
 * another. `fn` gets the lock's counter, which orders trail entries written in the same millisecond.
 */
export async function withReviewLock<T>(services: ReviewDb, userSub: string, analysisId: string, fn: (seq: number) => Promise<{ result: T; seq: number }>): Promise<T> {
  const Key = { pk: keys.user(userSub), sk: reviewKeys.reviewLock(analysisId) };
  const TableName = services.config.tableName;
  const holder = randomUUID();
  const giveUp = Date.now() + LOCK_WAIT_MS;
  let seq = 0;
  for (let attempt = 0; ; attempt++) {
    const now = Date.now();
    try {
      const out = await services.ddb.send(
        new UpdateCommand({
          TableName,
          Key,
          UpdateExpression: 'SET holder = :h, leaseUntil = :until, seq = if_not_exists(seq, :zero), analysisId = :a',
          ConditionExpression: 'attribute_not_exists(holder) OR leaseUntil < :now',
          ExpressionAttributeValues: { ':h': holder, ':until': now + LOCK_LEASE_MS, ':zero': 0, ':now': now, ':a': analysisId },
          ReturnValues: 'ALL_NEW',
        }),
      );
      seq = (out.Attributes?.seq as number | undefined) ?? 0;
      break;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      if (Date.now() > giveUp) throw new VisibleError('CONFLICT', 'The reviews of this analysis are being changed by another request; try again in a moment');
      await backoff(attempt);
    }
  }
  let last = seq;
  try {
    const done = await fn(seq);
    last = done.seq;
    return done.result;
  } finally {
    await services.ddb
      .send(
        new UpdateCommand({
          TableName,
          Key,
          UpdateExpression: 'REMOVE holder, leaseUntil SET seq = :seq',
          ConditionExpression: 'holder = :h',
          ExpressionAttributeValues: { ':h': holder, ':seq': last },
        }),
      )
      .catch((e: unknown) => {
        if (!isConditionFailure(e)) services.log.warn('review lock not released (its lease ends it)', { analysisId, error: String(e) });
      });
  }
}

/** The current status of each finding, read consistently (under the lock): 100 keys per BatchGetItem, never the whole analysis. */
async function currentStatuses(services: ReviewDb, userSub: string, analysisId: string, findingIds: readonly string[]): Promise<Map<string, ReviewStatus>> {
  const statuses = new Map<string, ReviewStatus>();
  const TableName = services.config.tableName;
  const pk = keys.user(userSub);
  if (findingIds.length <= 8) {
    await Promise.all(
      findingIds.map(async (findingId) => {
        const out = await services.ddb.send(new GetCommand({ TableName, Key: { pk, sk: reviewKeys.review(analysisId, findingId) }, ConsistentRead: true }));
        if (out.Item) statuses.set(findingId, (out.Item as ReviewItem).status);
      }),
    );
    return statuses;
  }
  const chunks: string[][] = [];
  for (let i = 0; i < findingIds.length; i += 100) chunks.push(findingIds.slice(i, i + 100));
  let next = 0;
  const lane = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      let request: Record<string, unknown> | undefined = {
        [TableName]: { Keys: chunk.map((id) => ({ pk, sk: reviewKeys.review(analysisId, id) })), ConsistentRead: true, ProjectionExpression: 'findingId, #s', ExpressionAttributeNames: { '#s': 'status' } },
      };
      for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
        const out = await services.ddb.send(new BatchGetCommand({ RequestItems: request as never }));
        for (const item of (out.Responses?.[TableName] ?? []) as ReviewItem[]) statuses.set(item.findingId, item.status);
        request = out.UnprocessedKeys as Record<string, unknown> | undefined;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, chunks.length) }, lane));
  return statuses;
}

const BATCH = 25;
const PARALLEL = 4;

async function writeAll(services: ReviewDb, items: Record<string, unknown>[]): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += BATCH) batches.push(items.slice(i, i + BATCH));
  let next = 0;
  const lane = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      let requests: Record<string, unknown[]> | undefined = { [services.config.tableName]: batch.map((Item) => ({ PutRequest: { Item } })) };
      for (let attempt = 0; requests && Object.keys(requests).length > 0; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
        const out = await services.ddb.send(new BatchWriteCommand({ RequestItems: requests as never }));
        requests = out.UnprocessedItems as Record<string, unknown[]> | undefined;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, batches.length) }, lane));
}

export interface ReviewWrite {
  findingId: string;
  state: ReviewState;
}

/**
 * Writes reviews while holding the analysis's review lock (`seq` is the lock's counter): reads
 * each finding's current status consistently, keeps only the writes `keep` accepts given that
 * status (a case review of its open members skips one reviewed meanwhile), writes the trail
 * entries (each with the status it replaced as `previousStatus`, stamped now, so the trail is a
 * chain in time order), then the reviews. A review never changes without its trail entry.
 */
export async function writeUnderLock(
  services: ReviewDb,
  userSub: string,
  analysisId: string,
  startSeq: number,
  writes: readonly ReviewWrite[],
  keep: (current: ReviewStatus) => boolean = () => true,
): Promise<{ entries: (TrailEntry | undefined)[]; seq: number }> {
  const pk = keys.user(userSub);
  const ids = [...new Set(writes.map((w) => w.findingId))];
  const current = await currentStatuses(services, userSub, analysisId, ids);
  const reviewedAt = new Date().toISOString();
  let seq = startSeq;
  const entries: (TrailEntry | undefined)[] = [];
  const trail: Record<string, unknown>[] = [];
  const latest = new Map<string, ReviewItem>();
  for (const w of writes) {
    const was = current.get(w.findingId) ?? 'open';
    if (!keep(was)) {
      entries.push(undefined);
      continue;
    }
    const state: ReviewState = { ...w.state, reviewedAt };
    const entry: TrailEntry = { ...state, previousStatus: was };
    seq++;
    trail.push({ pk, sk: reviewKeys.trailEntry(analysisId, w.findingId, reviewedAt, String(seq).padStart(12, '0')), analysisId, findingId: w.findingId, ...entry });
    entries.push(entry);
    current.set(w.findingId, state.status);
    latest.set(w.findingId, { pk, sk: reviewKeys.review(analysisId, w.findingId), analysisId, findingId: w.findingId, ...state });
  }
  await writeAll(services, [...trail, ...changeItems(pk, analysisId, startSeq, seq, latest)]);
  await writeAll(services, [...latest.values()] as unknown as Record<string, unknown>[]);
  return { entries, seq };
}

/** A change item stays well below DynamoDB's 400 KB per item. */
const CHANGE_ITEM_BYTES = 200_000;

/** The items that record what one write changed (reviewChangesSince), the findings grouped by the state they were given. */
function changeItems(pk: string, analysisId: string, startSeq: number, lastSeq: number, latest: Map<string, ReviewItem>): Record<string, unknown>[] {
  if (latest.size === 0) return [];
  const nonce = randomUUID().slice(0, 8);
  const items: Record<string, unknown>[] = [];
  let groups: ReviewChanges['groups'] = [];
  let bytes = 0;
  const flush = () => {
    if (groups.length === 0) return;
    items.push({ pk, sk: reviewKeys.changes(analysisId, startSeq + 1, nonce, items.length), analysisId, lastSeq, groups });
    groups = [];
    bytes = 0;
  };
  const byState = new Map<string, { state: ReviewState; ids: string[] }>();
  for (const r of latest.values()) {
    const state: ReviewState = { status: r.status, comment: r.comment, ticket: r.ticket, reviewer: r.reviewer, reviewedAt: r.reviewedAt, ...(r.suppressionId ? { suppressionId: r.suppressionId } : {}) };
    const key = JSON.stringify(state);
    let g = byState.get(key);
    const cost = r.findingId.length + 4;
    if (g === undefined || bytes + cost > CHANGE_ITEM_BYTES) {
      if (bytes + key.length + cost > CHANGE_ITEM_BYTES) {
        flush();
        byState.clear();
      }
      g = { state, ids: [] };
      byState.set(key, g);
      groups.push(g);
      bytes += key.length;
    }
    g.ids.push(r.findingId);
    bytes += cost;
  }
  flush();
  return items;
}

/**
 * The one place a request writes findings' reviews (one finding, bulk by ids): under the
 * analysis's review lock (writeUnderLock). The jobs that review a whole case or filter write
 * through writeUnderLock in batches (review-apply.ts).
 * @returns one trail entry per write, in the order given
 */
export async function saveReviews(services: ReviewDb, userSub: string, analysisId: string, writes: readonly ReviewWrite[]): Promise<TrailEntry[]> {
  if (writes.length === 0) return [];
  return withReviewLock(services, userSub, analysisId, async (startSeq) => {
    const { entries, seq } = await writeUnderLock(services, userSub, analysisId, startSeq, writes);
    return { result: entries as TrailEntry[], seq };
  });
}

/** One finding's review (saveReviews of one); returns its trail entry, whose `previousStatus` is what it replaced. */
export async function saveReview(services: ReviewDb, userSub: string, analysisId: string, findingId: string, state: ReviewState): Promise<TrailEntry> {
  const [entry] = await saveReviews(services, userSub, analysisId, [{ findingId, state }]);
  return entry!;
}

/** Every review write bumps the analysis's review version, so each process reads the reviews again (finding-store.ts). */
export async function bumpReviewsVersion(services: ReviewDb, userSub: string, analysisId: string): Promise<void> {
  await services.ddb.send(
    new UpdateCommand({
      TableName: services.config.tableName,
      Key: { pk: keys.user(userSub), sk: reviewKeys.reviewsVersion(analysisId) },
      UpdateExpression: 'ADD version :one SET analysisId = :a',
      ExpressionAttributeValues: { ':one': 1, ':a': analysisId },
    }),
  );
}

/** Removes an analysis's reviews, trails and snapshot (DELETE /results/{id}); suppressions stay with the user. */
export async function deleteReviewData(services: Services, userSub: string, analysisId: string): Promise<void> {
  const prefixes = [reviewKeys.reviewsOf(analysisId), reviewKeys.trailsOf(analysisId), reviewKeys.suppressionSnapshot(analysisId), reviewKeys.reviewsVersion(analysisId), reviewKeys.suppressionsFromAnalysis(analysisId), reviewKeys.reviewLock(analysisId), reviewKeys.jobsOf(analysisId), reviewKeys.changesOf(analysisId)];
  const sks: string[] = [];
  for (const p of prefixes) {
    const items = await queryAll<{ sk: string }>(services.ddb, { ...prefixQuery(services, userSub, p), ProjectionExpression: 'sk' });
    sks.push(...items.map((i) => i.sk));
  }
  for (let i = 0; i < sks.length; i += 25) {
    let requests: Record<string, unknown[]> | undefined = {
      [services.config.tableName]: sks.slice(i, i + 25).map((sk) => ({ DeleteRequest: { Key: { pk: keys.user(userSub), sk } } })),
    };
    while (requests && Object.keys(requests).length > 0) {
      const out = await services.ddb.send(new BatchWriteCommand({ RequestItems: requests as never }));
      requests = out.UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  }
}
