/**
 * Reviews of many findings at once (bulk by ids, by filter, a case): written by review-store.ts
 * `saveReviews` (under the analysis's review lock: the trail entries first, each with the status it
 * replaced, then the reviews, 25 items per BatchWriteItem), then the analysis's review version once
 * (finding-store.ts).
 */
import type { ReviewStatus } from '@app/core/review/index.ts';
import type { Services } from '../types.ts';
import { bumpReviewsVersion } from './finding-store.ts';
import { saveReviews as writeReviews, type ReviewState } from './review-store.ts';

export interface ReviewWrite {
  findingId: string;
  state: ReviewState;
  /** Not used: the status a write replaces is read under the review lock when it is written. */
  previousStatus?: ReviewStatus;
}

export async function saveReviews(services: Services, userSub: string, analysisId: string, writes: readonly ReviewWrite[]): Promise<void> {
  if (writes.length === 0) return;
  await writeReviews(services, userSub, analysisId, writes.map(({ findingId, state }) => ({ findingId, state })));
  await bumpReviewsVersion(services, userSub, analysisId);
}
