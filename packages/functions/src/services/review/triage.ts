/**
 * Triage: PUT /results/{id}/findings/{findingId}/review, the bulk variant by ids, bulk triage by
 * filter (every finding that matches, not only the page shown) and the review of a case (every
 * member). Each finding keeps its own trail entry. Which findings a filter or a case holds is
 * decided in the review worker; the writes go in batches (review-writes.ts), so a case of
 * thousands of members never holds the main thread.
 */
import { REVIEW_STATUSES } from '@app/core/review/index.ts';
import { z } from 'zod';
import { VisibleError } from '../../http/errors.ts';
import type { Caller } from '../../http/types.ts';
import type { Services } from '../types.ts';
import { futureExpirySchema } from './expiry.ts';
import type { FindingFilter, FindingTarget } from './findings-index.ts';
import { filterOf, findingFilterShape } from './findings-query.ts';
import { lookupFindings, viewsOf, type FindingView } from './finding-views.ts';
import { bumpReviewsVersion, openFindings, runQuery, type OpenedFindings } from './finding-store.ts';
import { saveReview, type ReviewState } from './review-store.ts';
import { saveReviews } from './review-writes.ts';
import { createSuppression } from './suppression-store.ts';

export const MAX_BULK = 200;
/** Bulk triage by filter and case reviews: at most this many findings in one call. */
export const MAX_BULK_FILTER = 20_000;
/** A case review with a suppression makes one per rule and user among its members, at most this many. */
export const MAX_CASE_SUPPRESSIONS = 50;

const reviewFields = {
  status: z.enum(REVIEW_STATUSES),
  comment: z.string().trim().max(2000, 'comment may be at most 2000 characters').default(''),
  ticket: z.string().trim().max(100, 'ticket may be at most 100 characters').default(''),
};

const needsComment = (b: { status: string; comment: string }) => b.comment !== '' || b.status === 'open' || b.status === 'escalated';
const COMMENT_MESSAGE = { message: 'comment is required when a finding is marked explained or false_positive', path: ['comment'] };
const suppressShape = {
  expiresAt: futureExpirySchema,
  reason: z.string().trim().min(1).max(1000).optional(),
};
const onlyExplained = (b: { suppress?: unknown; status: string }) => !b.suppress || b.status === 'explained';
const ONLY_EXPLAINED = { message: 'suppress is only allowed when status is explained', path: ['suppress'] };

export const reviewBodySchema = z
  .object({
    ...reviewFields,
    /** Marking explained may create a suppression from the finding's rule and user. */
    suppress: z.object({ ...suppressShape, matchObject: z.boolean().default(false), matchTerminal: z.boolean().default(false) }).optional(),
  })
  .refine(needsComment, COMMENT_MESSAGE)
  .refine(onlyExplained, ONLY_EXPLAINED);
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const bulkReviewBodySchema = z
  .object({
    ...reviewFields,
    findingIds: z.array(z.string().regex(/^[0-9a-f]{20}$/, 'findingIds holds finding ids')).min(1, 'Select at least one finding').max(MAX_BULK, `At most ${MAX_BULK} findings at once`),
  })
  .refine(needsComment, COMMENT_MESSAGE);
export type BulkReviewBody = z.infer<typeof bulkReviewBodySchema>;

export const filterReviewBodySchema = z
  .object({
    ...reviewFields,
    filter: z.object(findingFilterShape).strict(),
    /** How many findings the caller saw match: if the filter matches another number now, nothing changes (409). */
    expected: z.number().int().min(1).max(MAX_BULK_FILTER, `At most ${MAX_BULK_FILTER} findings at once; narrow the filter`),
  })
  .refine(needsComment, COMMENT_MESSAGE);
export type FilterReviewBody = z.infer<typeof filterReviewBodySchema>;

export const caseReviewBodySchema = z
  .object({
    ...reviewFields,
    /** all (default): every member; open: only the members nobody has reviewed yet. */
    scope: z.enum(['all', 'open']).default('all'),
    /** Marking explained may create suppressions: one per rule and user among the members. */
    suppress: z.object(suppressShape).optional(),
  })
  .refine(needsComment, COMMENT_MESSAGE)
  .refine(onlyExplained, ONLY_EXPLAINED);
export type CaseReviewBody = z.infer<typeof caseReviewBodySchema>;

function stateOf(caller: Caller, body: { status: ReviewState['status']; comment: string; ticket: string }, suppressionId?: string): ReviewState {
  return {
    status: body.status,
    comment: body.comment,
    ticket: body.ticket,
    reviewer: caller.email,
    reviewedAt: new Date().toISOString(),
    ...(suppressionId ? { suppressionId } : {}),
  };
}

async function suppressionFor(services: Services, caller: Caller, analysisId: string, f: FindingTarget, body: ReviewBody): Promise<string | undefined> {
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
  const o = await openFindings(services, caller.sub, analysisId);
  const ids = [...new Set(findingIds)];
  const lines = await lookupFindings(o, ids);
  if (lines.length === 1) {
    const line = lines[0]!;
    const suppressionId = 'suppress' in body ? await suppressionFor(services, caller, analysisId, line.target, body) : undefined;
    const state = stateOf(caller, body, suppressionId);
    await saveReview(services, caller.sub, analysisId, line.findingId, state);
    await bumpReviewsVersion(services, caller.sub, analysisId);
    o.reviews.set(line.findingId, { ...state, pk: '', sk: '', analysisId, findingId: line.findingId });
  } else {
    const state = stateOf(caller, body);
    await saveReviews(services, caller.sub, analysisId, lines.map((l) => ({ findingId: l.findingId, state, previousStatus: o.reviews.get(l.findingId)?.status ?? 'open' })));
    for (const l of lines) o.reviews.set(l.findingId, { ...state, pk: '', sk: '', analysisId, findingId: l.findingId });
  }
  return viewsOf(o, lines);
}

async function targetsOf(o: OpenedFindings, filter: FindingFilter): Promise<{ matched: number; targets: FindingTarget[] }> {
  return runQuery(o, { type: 'targets', filter, cap: MAX_BULK_FILTER });
}

/** PUT /results/{id}/findings/review-by-filter: every finding the filter matches. */
export async function reviewByFilter(services: Services, caller: Caller, analysisId: string, body: FilterReviewBody) {
  const o = await openFindings(services, caller.sub, analysisId);
  const { matched, targets } = await targetsOf(o, filterOf(body.filter));
  if (matched !== body.expected) {
    throw new VisibleError('CONFLICT', `The filter now matches ${matched.toLocaleString('en-US')} findings, not ${body.expected.toLocaleString('en-US')}; nothing was changed. Look at the list again and repeat.`);
  }
  if (matched > MAX_BULK_FILTER) throw new VisibleError('BAD_REQUEST', `At most ${MAX_BULK_FILTER} findings at once; narrow the filter`);
  const state = stateOf(caller, body);
  await saveReviews(services, caller.sub, analysisId, targets.map((t) => ({ findingId: t.findingId, state, previousStatus: t.previousStatus })));
  return { updated: targets.length, matched, status: body.status };
}

/** PUT /results/{id}/cases/{caseId}/review: the decision on every member (or every open one), each with its own trail entry. */
export async function reviewCase(services: Services, caller: Caller, analysisId: string, caseId: string, body: CaseReviewBody) {
  const o = await openFindings(services, caller.sub, analysisId);
  const filter: FindingFilter = { caseId, ...(body.scope === 'open' ? { status: 'open' } : {}) };
  const { matched, targets } = await targetsOf(o, filter);
  if (matched === 0) {
    const exists = await runQuery<{ notFound?: true }>(o, { type: 'case', caseId, cursor: 0, limit: 1 });
    if (exists.notFound) throw new VisibleError('NOT_FOUND', 'Case not found');
    return { updated: 0, matched: 0, status: body.status, suppressions: [] };
  }
  if (matched > MAX_BULK_FILTER) throw new VisibleError('BAD_REQUEST', `This case has ${matched} members; at most ${MAX_BULK_FILTER} can be reviewed at once. Filter its findings by rule and review them in parts.`);
  // One suppression per rule and user among the members.
  const suppressionOf = new Map<string, string>();
  if (body.suppress) {
    const pairs = new Map<string, FindingTarget>();
    for (const t of targets) if (t.user) pairs.set(`${t.rule.id}\u001f${t.user}`, pairs.get(`${t.rule.id}\u001f${t.user}`) ?? t);
    if (pairs.size === 0) throw new VisibleError('BAD_REQUEST', 'The members of this case name no user, and a suppression needs one');
    if (pairs.size > MAX_CASE_SUPPRESSIONS) throw new VisibleError('BAD_REQUEST', `The members of this case have ${pairs.size} different rules and users; at most ${MAX_CASE_SUPPRESSIONS} suppressions are made at once`);
    for (const [k, t] of pairs) {
      const created = await createSuppression(services, caller.sub, caller.email, {
        rule: t.rule.id,
        user: t.user,
        reason: body.suppress.reason ?? body.comment,
        expiresAt: body.suppress.expiresAt,
        sourceAnalysisId: analysisId,
        sourceFindingId: t.findingId,
      });
      suppressionOf.set(k, created.suppressionId);
    }
  }
  const now = stateOf(caller, body);
  await saveReviews(
    services,
    caller.sub,
    analysisId,
    targets.map((t) => {
      const sid = suppressionOf.get(`${t.rule.id}\u001f${t.user}`);
      return { findingId: t.findingId, state: sid ? { ...now, suppressionId: sid } : now, previousStatus: t.previousStatus };
    }),
  );
  return { updated: targets.length, matched, status: body.status, suppressions: [...suppressionOf.values()] };
}

