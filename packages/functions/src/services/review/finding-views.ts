/**
 * Findings of one of the caller's analyses with their review and suppression: computed from
 * the stored report each time (the ids are stable), reviews and the suppression snapshot
 * read from the table.
 */
import { deriveFindings, findSuppression, RECORD_FINDINGS_PER_FLAG, type Finding, type RecordCoverage, type ReviewStatus } from '@app/core/review/index.ts';
import { VisibleError } from '../../http/errors.ts';
import { readReport, requireAnalysis } from '../analyses/analysis-views.ts';
import type { AnalysisItem } from '../analyses/analysis-item.ts';
import type { Services } from '../types.ts';
import { loadReviews, type ReviewItem } from './review-store.ts';
import { readSuppressionSnapshot, type SuppressionSnapshot } from './suppression-snapshot.ts';

export const FINDING_NOT_FOUND = 'Finding not found';

export interface FindingView extends Omit<Finding, 'evidence'> {
  review: { status: ReviewStatus; comment: string; ticket: string; reviewer: string | null; reviewedAt: string | null; suppressionId: string | null };
  /** The suppression that covers the finding (from the analysis's snapshot), or null. */
  suppressed: { suppressionId: string; reason: string; expiresAt: string } | null;
}

export interface AnalysisFindings {
  analysis: AnalysisItem;
  findings: Finding[];
  views: FindingView[];
  recordCoverage: { perFlagCap: number; flags: RecordCoverage[] };
  snapshot: SuppressionSnapshot | undefined;
  reviews: Map<string, ReviewItem>;
}

export function toView(f: Finding, review: ReviewItem | undefined, snapshot: SuppressionSnapshot | undefined): FindingView {
  const { evidence: _evidence, ...rest } = f;
  const s = snapshot ? findSuppression(f, snapshot.suppressions) : undefined;
  return {
    ...rest,
    review: review
      ? { status: review.status, comment: review.comment, ticket: review.ticket, reviewer: review.reviewer, reviewedAt: review.reviewedAt, suppressionId: review.suppressionId ?? null }
      : { status: 'open', comment: '', ticket: '', reviewer: null, reviewedAt: null, suppressionId: null },
    suppressed: s ? { suppressionId: s.suppressionId, reason: s.reason, expiresAt: s.expiresAt } : null,
  };
}

/** 404 for another user's analysis (keys are scoped by sub), 409 while it is not completed. */
export async function loadAnalysisFindings(services: Services, userSub: string, analysisId: string): Promise<AnalysisFindings> {
  const analysis = await requireAnalysis(services, userSub, analysisId);
  const report = await readReport(services, analysis);
  const { findings, recordCoverage } = deriveFindings(analysisId, report);
  const [reviews, snapshot] = await Promise.all([loadReviews(services, userSub, analysisId), readSuppressionSnapshot(services, userSub, analysisId)]);
  return {
    analysis,
    findings,
    views: findings.map((f) => toView(f, reviews.get(f.findingId), snapshot)),
    recordCoverage: { perFlagCap: RECORD_FINDINGS_PER_FLAG, flags: recordCoverage },
    snapshot,
    reviews,
  };
}

export function requireFinding(all: AnalysisFindings, findingId: string): { finding: Finding; view: FindingView } {
  const i = all.findings.findIndex((f) => f.findingId === findingId);
  if (i < 0) throw new VisibleError('NOT_FOUND', FINDING_NOT_FOUND);
  return { finding: all.findings[i]!, view: all.views[i]! };
}
