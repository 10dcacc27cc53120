/** Reviews of findings and their audit trail, in the owner's partition (review-keys.ts). */
import { BatchWriteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
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

const prefixQuery = (services: Services, userSub: string, prefix: string) => ({
  TableName: services.config.tableName,
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
  ExpressionAttributeValues: { ':pk': keys.user(userSub), ':sk': prefix },
});

/** findingId -> current review, for the findings that have one. */
export async function loadReviews(services: Services, userSub: string, analysisId: string): Promise<Map<string, ReviewItem>> {
  const items = await queryAll<ReviewItem>(services.ddb, prefixQuery(services, userSub, reviewKeys.reviewsOf(analysisId)));
  return new Map(items.map((i) => [i.findingId, i]));
}

export async function loadTrail(services: Services, userSub: string, analysisId: string, findingId: string): Promise<TrailEntry[]> {
  const items = await queryAll<TrailEntry & { pk: string; sk: string; seq?: number }>(services.ddb, prefixQuery(services, userSub, reviewKeys.trailOf(analysisId, findingId)));
  return items.map(({ pk: _pk, sk: _sk, seq: _seq, ...entry }) => entry as TrailEntry);
}

/** Attempts of one review write when other writes of the same finding keep winning the next place. */
const MAX_REVIEW_ATTEMPTS = 100;

const isConditionFailure = (e: unknown) => (e as Error | undefined)?.name === 'ConditionalCheckFailedException';

/** Waits a little, more after each lost race, so parallel writers spread out. */
export const backoff = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 + attempt * 2)));

/** The last entry of a finding's trail (read consistently), with its place in the chain (0 for entries written before places). */
async function lastTrailEntry(services: Services, userSub: string, analysisId: string, findingId: string): Promise<{ seq: number; status: ReviewStatus } | undefined> {
  const out = await services.ddb.send(
    new QueryCommand({ ...prefixQuery(services, userSub, reviewKeys.trailOf(analysisId, findingId)), ScanIndexForward: false, Limit: 1, ConsistentRead: true }),
  );
  const last = out.Items?.[0] as (TrailEntry & { seq?: number }) | undefined;
  return last ? { seq: last.seq ?? 0, status: last.status } : undefined;
}

/**
 * The one place a finding's review is written (single findings, bulk and case-level review alike).
 * The trail is a chain: each entry takes the next place after the last one (a conditional put,
 * so of two writes racing for a place one wins and the other reads again and takes the next),
 * and its `previousStatus` is the status of the entry it follows, the status the write replaced.
 * The trail entry comes first, so a review never changes without its entry; the review item then
 * takes the entry's state unless a later place was already written there.
 * @returns the trail entry written (its `previousStatus` is what the review replaced)
 */
export async function saveReview(services: Services, userSub: string, analysisId: string, findingId: string, state: ReviewState): Promise<TrailEntry> {
  const pk = keys.user(userSub);
  const table = services.config.tableName;
  for (let attempt = 0; attempt < MAX_REVIEW_ATTEMPTS; attempt++) {
    const last = await lastTrailEntry(services, userSub, analysisId, findingId);
    const seq = (last?.seq ?? 0) + 1;
    const entry: TrailEntry = { ...state, previousStatus: last?.status ?? 'open' };
    try {
      await services.ddb.send(
        new PutCommand({
          TableName: table,
          Item: { pk, sk: reviewKeys.trailPlace(analysisId, findingId, seq), analysisId, findingId, seq, ...entry },
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      );
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      await backoff(attempt);
      continue;
    }
    const item: ReviewItem & { version: number } = { pk, sk: reviewKeys.review(analysisId, findingId), analysisId, findingId, ...state, version: seq };
    try {
      await services.ddb.send(
        new PutCommand({ TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(version) OR version < :seq', ExpressionAttributeValues: { ':seq': seq } }),
      );
    } catch (e) {
      // A later place is already the review: this entry stays in the trail, the later state stands.
      if (!isConditionFailure(e)) throw e;
    }
    return entry;
  }
  throw new VisibleError('CONFLICT', 'This finding is being reviewed by many requests at once; try again in a moment');
}

/** Removes an analysis's reviews, trails and snapshot (DELETE /results/{id}); suppressions stay with the user. */
export async function deleteReviewData(services: Services, userSub: string, analysisId: string): Promise<void> {
  const prefixes = [reviewKeys.reviewsOf(analysisId), reviewKeys.trailsOf(analysisId), reviewKeys.suppressionSnapshot(analysisId), reviewKeys.suppressionsFromAnalysis(analysisId)];
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
