/**
 * Sort keys of the review items, all in the owner's `USER#<sub>` partition (keys.ts), so a
 * query can never reach another user's reviews, trails, suppressions or snapshots.
 */
export const reviewKeys = {
  /** Current review of one finding. */
  review: (analysisId: string, findingId: string) => `REVIEW#${analysisId}#${findingId}`,
  reviewsOf: (analysisId: string) => `REVIEW#${analysisId}#`,
  /** One audit-trail entry; the ISO time sorts the trail. */
  trailEntry: (analysisId: string, findingId: string, at: string, nonce: string) => `REVIEWLOG#${analysisId}#${findingId}#${at}#${nonce}`,
  /**
   * The entry at a place of the trail's chain (1, 2, …; conditional puts make each place one
   * write's). `S` sorts after the digits of the time-keyed entries written before places.
   */
  trailPlace: (analysisId: string, findingId: string, seq: number) => `REVIEWLOG#${analysisId}#${findingId}#S${String(seq).padStart(8, '0')}`,
  trailOf: (analysisId: string, findingId: string) => `REVIEWLOG#${analysisId}#${findingId}#`,
  trailsOf: (analysisId: string) => `REVIEWLOG#${analysisId}#`,
  suppression: (suppressionId: string) => `SUPPRESSION#${suppressionId}`,
  suppressions: 'SUPPRESSION#',
  /** Which suppression triage made from a finding for its rule: one per finding and rule however often asked. */
  suppressionFrom: (analysisId: string, findingId: string, rule: string) => `SUPPFROM#${analysisId}#${findingId}#${rule}`,
  suppressionsFromAnalysis: (analysisId: string) => `SUPPFROM#${analysisId}#`,
  /** The number of suppressions the user ever created (the cap's counter). */
  suppressionCount: 'SUPPCOUNT',
  /** The suppressions in force when the analysis started. */
  suppressionSnapshot: (analysisId: string) => `SUPPSNAP#${analysisId}`,
} as const;
