/** PUT /results/{id}/findings/{findingId}/review and its bulk variant. */
import { REVIEW_STATUSES, type Finding } from '@app/core/review/index.ts';
import { z } from 'zod';
import { VisibleError } from '../../http/errors.ts';
import type { Caller } from '../../http/types.ts';
import type { Services } from '../types.ts';
import { futureExpirySchema } from './expiry.ts';
import { FINDING_NOT_FOUND, loadAnalysisFindings, toView, type FindingView } from './finding-views.ts';
import { saveReview, type ReviewState } from './review-store.ts';
import { createSuppression } from './suppression-store.ts';

export const MAX_BULK = 200;

const reviewFields = {
  status: z.enum(REVIEW_STATUSES),
  comment: z.string().trim().max(2000, 'comment may be at most 2000 characters').default(''),
  ticket: z.string().trim().max(100, 'ticket may be at most 100 characters').default(''),
};

const needsComment = (b: { status: string; comment: string }) => b.comment !== '' || b.status === 'open' || b.status === 'escalated';
const COMMENT_MESSAGE = { message: 'comment is required when a finding is marked explained or false_positive', path: ['comment'] };

export const reviewBodySchema = z
  .object({
    ...reviewFields,
    /** Marking explained may create a suppression from the finding's rule and user. */
    suppress: z
      .object({
        expiresAt: futureExpirySchema,
        reason: z.string().trim().min(1).max(1000).optional(),
        matchObject: z.boolean().default(false),
        matchTerminal: z.boolean().default(false),
      })
      .optional(),
  })
  .refine(needsComment, COMMENT_MESSAGE)
  .refine((b) => !b.suppress || b.status === 'explained', { message: 'suppress is only allowed when status is explained', path: ['suppress'] });
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const bulkReviewBodySchema = z
  .object({
    ...reviewFields,
    findingIds: z.array(z.string().regex(/^[0-9a-f]{20}$/, 'findingIds holds finding ids')).min(1, 'Select at least one finding').max(MAX_BULK, `At most ${MAX_BULK} findings at once`),
  })
  .refine(needsComment, COMMENT_MESSAGE);
export type BulkReviewBody = z.infer<typeof bulkReviewBodySchema>;

async function suppressionFor(services: Services, caller: Caller, analysisId: string, f: Finding, body: ReviewBody): Promise<string | undefined> {
  const s = body.suppress;
  if (!s) return undefined;
  if (!f.user) throw new VisibleError('BAD_REQUEST', 'This finding names no user, and a suppression needs one');
  if (s.matchObject && !f.object) throw new VisibleError('BAD_REQUEST', 'This finding names no object to match');
  if (s.matchTerminal && !f.terminal) throw new VisibleError('BAD_REQUEST', 'This finding names no terminal to match');
  const created = await createSuppression(services, caller.sub, caller.email, {
    rule: f.rule.id,
    user: f.user,
    ...(s.matchObject ? { object: f.object } : {}),
    ...(s.matchTerminal ? { terminal: f.terminal } : {}),
    reason: s.reason ?? body.comment,
    expiresAt: s.expiresAt,
    sourceAnalysisId: analysisId,
    sourceFindingId: f.findingId,
  });
  return created.suppressionId;
}

/**
 * Sets the review of each finding (all must exist, else nothing changes), writing one trail
 * entry per finding. Returns the findings as they now read.
 */
export async function reviewFindings(
  services: Services,
  caller: Caller,
  analysisId: string,
  findingIds: readonly string[],
  body: ReviewBody | BulkReviewBody,
): Promise<FindingView[]> {
  const all = await loadAnalysisFindings(services, caller.sub, analysisId);
  const byId = new Map(all.findings.map((f) => [f.findingId, f]));
  const ids = [...new Set(findingIds)];
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new VisibleError('NOT_FOUND', ids.length === 1 ? FINDING_NOT_FOUND : `${missing.length} of the selected findings were not found in this analysis`);
  const updated: FindingView[] = [];
  for (const id of ids) {
    const f = byId.get(id)!;
    const suppressionId = 'suppress' in body ? await suppressionFor(services, caller, analysisId, f, body) : undefined;
    const state: ReviewState = {
      status: body.status,
      comment: body.comment,
      ticket: body.ticket,
      reviewer: caller.email,
      reviewedAt: new Date().toISOString(),
      ...(suppressionId ? { suppressionId } : {}),
    };
    await saveReview(services, caller.sub, analysisId, id, state);
    updated.push(toView(f, { ...state, pk: '', sk: '', analysisId, findingId: id }, all.snapshot));
  }
  return updated;
}
