/**
 * Findings of one of the caller's analyses with their review and suppression, read from the
 * findings stored with the analysis (finding-store.ts): the worker picks the page, this thread
 * reads its lines and joins the reviews and the suppression snapshot.
 */
import { findSuppression, type Finding, type ReviewStatus } from '@app/core/review/index.ts';
import { VisibleError } from '../../http/errors.ts';
import type { FindingTarget, LineRef } from './findings-index.ts';
import { readLines, runQuery, type OpenedFindings } from './finding-store.ts';
import type { ReviewItem } from './review-store.ts';
import type { SuppressionSnapshot } from './suppression-snapshot.ts';

export const FINDING_NOT_FOUND = 'Finding not found';

export interface FindingView extends Omit<Finding, 'evidence'> {
  review: { status: ReviewStatus; comment: string; ticket: string; reviewer: string | null; reviewedAt: string | null; suppressionId: string | null };
  /** The suppression that covers the finding (from the analysis's snapshot), or null. */
  suppressed: { suppressionId: string; reason: string; expiresAt: string } | null;
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

/** The findings on these lines as the list shows them. */
export async function viewsOf(o: OpenedFindings, lines: readonly LineRef[]): Promise<FindingView[]> {
  const findings = await readLines(o, lines);
  return findings.map((f) => toView(f, o.reviews.get(f.findingId), o.snapshot));
}

/** The findings with these ids (all must exist, else 404), with their line and what triage needs. */
export async function lookupFindings(o: OpenedFindings, ids: readonly string[]): Promise<(LineRef & { target: FindingTarget })[]> {
  const { lines, missing } = await runQuery<{ lines: (LineRef & { target: FindingTarget })[]; missing: string[] }>(o, { type: 'lookup', ids: [...ids] });
  if (missing.length > 0) throw new VisibleError('NOT_FOUND', ids.length === 1 ? FINDING_NOT_FOUND : `${missing.length} of the selected findings were not found in this analysis`);
  return lines;
}

/** One finding with its evidence. */
export async function requireFinding(o: OpenedFindings, findingId: string): Promise<{ finding: Finding; view: FindingView }> {
  if (!/^[0-9a-f]{20}$/.test(findingId)) throw new VisibleError('NOT_FOUND', FINDING_NOT_FOUND);
  const [line] = await lookupFindings(o, [findingId]);
  const [finding] = await readLines(o, [line!]);
  return { finding: finding!, view: toView(finding!, o.reviews.get(findingId), o.snapshot) };
}
