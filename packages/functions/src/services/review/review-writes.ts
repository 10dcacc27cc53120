/**
 * Reviews of many findings at once (bulk by ids, by filter, a case): the trail entries first, then
 * the reviews, 25 items per BatchWriteItem and a few batches at a time, then the analysis's review
 * version once (finding-store.ts). Each finding gets its own trail entry with the status it had.
 */
import { randomBytes } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ReviewStatus } from '@app/core/review/index.ts';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import { bumpReviewsVersion } from './finding-store.ts';
import { reviewKeys } from './review-keys.ts';
import type { ReviewState } from './review-store.ts';

const BATCH = 25;
const PARALLEL = 4;

export interface ReviewWrite {
  findingId: string;
  state: ReviewState;
  previousStatus: ReviewStatus;
}

async function writeAll(services: Services, items: Record<string, unknown>[]): Promise<void> {
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

export async function saveReviews(services: Services, userSub: string, analysisId: string, writes: readonly ReviewWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const pk = keys.user(userSub);
  await writeAll(
    services,
    writes.map((w) => ({
      pk,
      sk: reviewKeys.trailEntry(analysisId, w.findingId, w.state.reviewedAt, randomBytes(4).toString('hex')),
      analysisId,
      findingId: w.findingId,
      ...w.state,
      previousStatus: w.previousStatus,
    })),
  );
  await writeAll(
    services,
    writes.map((w) => ({ pk, sk: reviewKeys.review(analysisId, w.findingId), analysisId, findingId: w.findingId, ...w.state })),
  );
  await bumpReviewsVersion(services, userSub, analysisId);
}
