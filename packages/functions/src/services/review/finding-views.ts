/**
 * Findings of one of the caller's analyses with their review and suppression: computed from
 * the stored report each time (the ids are stable), reviews and the suppression snapshot
 * read from the table.
 */
import { deriveFindings, findSuppression, parseHighRecords, RECORD_FINDINGS_PER_FLAG, type DerivedFindings, type Finding, type HighRecords, type RecordCoverage, type ReviewStatus } from '@app/core/review/index.ts';
import { BlobNotFoundError } from '../../ports/index.ts';
import { outputKeys, readText } from '../workspace.ts';
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
  /** perFlagCap: samples per flag for an analysis written before high-records.ndjson (null: every high-severity record, see recordSource). */
  recordCoverage: { perFlagCap: number | null; flags: RecordCoverage[] };
  recordSource: DerivedFindings['recordSource'];
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
  const { findings, recordCoverage, recordSource } = await derivedFindings(services, userSub, analysisId, report);
  const [reviews, snapshot] = await Promise.all([loadReviews(services, userSub, analysisId), readSuppressionSnapshot(services, userSub, analysisId)]);
  return {
    analysis,
    findings,
    views: findings.map((f) => toView(f, reviews.get(f.findingId), snapshot)),
    recordCoverage: { perFlagCap: recordSource.kind === 'samples' ? RECORD_FINDINGS_PER_FLAG : null, flags: recordCoverage },
    recordSource,
    snapshot,
    reviews,
  };
}

// The findings of a completed analysis never change (its report and records are written once):
// the last few are kept in memory, so paging through 100,000 findings derives them once.
const derived = new Map<string, Promise<DerivedFindings>>();
const DERIVED_KEPT = 2;

function derivedFindings(services: Services, userSub: string, analysisId: string, report: Parameters<typeof deriveFindings>[1]): Promise<DerivedFindings> {
  const key = `${userSub}/${analysisId}`;
  let hit = derived.get(key);
  if (hit) {
    derived.delete(key);
    derived.set(key, hit);
    return hit;
  }
  hit = readHighRecords(services, userSub, analysisId).then((high) => deriveFindings(analysisId, report, high));
  hit.catch(() => derived.delete(key));
  derived.set(key, hit);
  while (derived.size > DERIVED_KEPT) derived.delete(derived.keys().next().value!);
  return hit;
}

/** The analysis's high-severity flagged records (undefined for an analysis written before the report step kept them). */
async function readHighRecords(services: Services, userSub: string, analysisId: string): Promise<HighRecords | undefined> {
  let text: string;
  try {
    text = await readText(services.blobs, outputKeys(userSub, analysisId).highRecords);
  } catch (e) {
    if (e instanceof BlobNotFoundError) return undefined;
    throw e;
  }
  try {
    return parseHighRecords(text);
  } catch (e) {
    throw new VisibleError('RESULT_DAMAGED', `The flagged records of this analysis cannot be read (${(e as Error).message})`);
  }
}

export function requireFinding(all: AnalysisFindings, findingId: string): { finding: Finding; view: FindingView } {
  const i = all.findings.findIndex((f) => f.findingId === findingId);
  if (i < 0) throw new VisibleError('NOT_FOUND', FINDING_NOT_FOUND);
  return { finding: all.findings[i]!, view: all.views[i]! };
}
