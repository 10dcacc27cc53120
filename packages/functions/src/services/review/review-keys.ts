/**
 * Sort keys of the review items, all in the owner's `USER#<sub>` partition (keys.ts), so a
 * query can never reach another user's reviews, trails, suppressions or snapshots.
 */
export const reviewKeys = {
  /** Current review of one finding. */
  review: (analysisId: string, findingId: string) => `REVIEW#${analysisId}#${findingId}`,
  reviewsOf: (analysisId: string) => `REVIEW#${analysisId}#`,
  /** One audit-trail entry; the ISO time sorts the trail, then the review lock's counter (or a nonce, before it). */
  trailEntry: (analysisId: string, findingId: string, at: string, nonce: string) => `REVIEWLOG#${analysisId}#${findingId}#${at}#${nonce}`,
  trailOf: (analysisId: string, findingId: string) => `REVIEWLOG#${analysisId}#${findingId}#`,
  trailsOf: (analysisId: string) => `REVIEWLOG#${analysisId}#`,
  /**
   * What one write under the review lock changed (review-store.ts `writeUnderLock`), keyed by the
   * lock's counter before it and a nonce: a process that holds the reviews as of a counter reads
   * only the changes after it (finding-store.ts), never every review again.
   */
  changes: (analysisId: string, firstSeq: number, nonce: string, part: number) => `REVIEWCHG#${analysisId}#${String(firstSeq).padStart(12, '0')}#${nonce}#${part}`,
  changesAfter: (analysisId: string, seq: number) => `REVIEWCHG#${analysisId}#${String(seq + 1).padStart(12, '0')}`,
  changesOf: (analysisId: string) => `REVIEWCHG#${analysisId}#`,
  /** A counter bumped by every review write of the analysis: a process re-reads the reviews when it moved. */
  reviewsVersion: (analysisId: string) => `REVIEWVER#${analysisId}`,
  suppression: (suppressionId: string) => `SUPPRESSION#${suppressionId}`,
  suppressions: 'SUPPRESSION#',
  /** The lease that makes the review writes of one analysis follow one another (review-store.ts). */
  reviewLock: (analysisId: string) => `REVIEWLOCK#${analysisId}`,
  /** A review of a whole case or filter, applied in batches by a review worker (review-apply.ts): its progress and result. */
  job: (analysisId: string, jobId: string) => `REVIEWJOB#${analysisId}#${jobId}`,
  jobsOf: (analysisId: string) => `REVIEWJOB#${analysisId}#`,
  /** Which suppression triage made from a finding for its rule: one per finding and rule however often asked. */
  suppressionFrom: (analysisId: string, findingId: string, rule: string) => `SUPPFROM#${analysisId}#${findingId}#${rule}`,
  suppressionsFromAnalysis: (analysisId: string) => `SUPPFROM#${analysisId}#`,
  /** The number of suppressions the user ever created (the cap's counter). */
  suppressionCount: 'SUPPCOUNT',
  /** The suppressions in force when the analysis started. */
  suppressionSnapshot: (analysisId: string) => `SUPPSNAP#${analysisId}`,
} as const;
