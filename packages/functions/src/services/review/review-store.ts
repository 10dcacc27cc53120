/** Reviews of findings and their audit trail, in the owner's partition (review-keys.ts). */
import { randomBytes } from 'node:crypto';
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ReviewStatus } from '@app/core/review/index.ts';
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
  const items = await queryAll<TrailEntry & { pk: string; sk: string }>(services.ddb, prefixQuery(services, userSub, reviewKeys.trailOf(analysisId, findingId)));
  return items.map(({ pk: _pk, sk: _sk, ...entry }) => entry as TrailEntry);
}

/** Writes the trail entry first: a review never changes without its entry in the trail. */
export async function saveReview(services: Services, userSub: string, analysisId: string, findingId: string, state: ReviewState, previousStatus: ReviewStatus): Promise<void> {
  const pk = keys.user(userSub);
  const entry: TrailEntry = { ...state, previousStatus };
  const nonce = randomBytes(4).toString('hex');
  await services.ddb.send(
    new PutCommand({ TableName: services.config.tableName, Item: { pk, sk: reviewKeys.trailEntry(analysisId, findingId, state.reviewedAt, nonce), analysisId, findingId, ...entry } }),
  );
  const item: ReviewItem = { pk, sk: reviewKeys.review(analysisId, findingId), analysisId, findingId, ...state };
  await services.ddb.send(new PutCommand({ TableName: services.config.tableName, Item: item }));
}

/** Removes an analysis's reviews, trails and snapshot (DELETE /results/{id}); suppressions stay with the user. */
export async function deleteReviewData(services: Services, userSub: string, analysisId: string): Promise<void> {
  const prefixes = [reviewKeys.reviewsOf(analysisId), reviewKeys.trailsOf(analysisId), reviewKeys.suppressionSnapshot(analysisId), reviewKeys.reviewsVersion(analysisId)];
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
