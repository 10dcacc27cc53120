/**
 * Triage: PUT /results/{id}/findings/{findingId}/review, the bulk variant by ids, bulk triage by
 * filter (every finding that matches, not only the page shown) and the review of a case (every
 * member). Each finding keeps its own trail entry. Which findings a filter or a case holds is
 * decided in the review worker; a case or filter review is a job a review worker writes in
 * batches (review-apply.ts), so a case of any size is reviewed whole and never holds the main thread.
 * On AWS, which has no review workers, the job goes to the review queue and its function
 * (review-dispatch.ts), never into the request's 29 s.
 */
import { randomUUID } from 'node:crypto';
import { REVIEW_STATUSES } from '@app/core/review/index.ts';
import { z } from 'zod';
import { VisibleError } from '../../http/errors.ts';
import type { Caller } from '../../http/types.ts';
import type { Services } from '../types.ts';
import { futureExpirySchema } from './expiry.ts';
import type { FindingFilter, FindingTarget } from './findings-index.ts';
import { downloadOf } from './findings-export.ts';
import { filterOf, findingFilterShape } from './findings-query.ts';
import { lookupFindings, viewsOf, type FindingView } from './finding-views.ts';
import { requireAnalysis } from '../analyses/analysis-views.ts';
import { queryAll } from '../db.ts';
import { keys } from '../keys.ts';
import { bumpReviewsVersion, openFindings, runQuery, type OpenedFindings } from './finding-store.ts';
import { createJobItem, liveJobCondition, MAX_RUNNING_JOBS, readJobItem, tableConnection, type ApplySpec, type ReviewJobItem } from './review-apply.ts';
import { queueReviewJob, reviewsQueued } from './review-dispatch.ts';
import { reviewKeys } from './review-keys.ts';
import { reviewPool } from './review-pool.ts';
import { saveReview, type ReviewState } from './review-store.ts';
import { saveReviews } from './review-writes.ts';
import { createSuppression } from './suppression-store.ts';

export const MAX_BULK = 200;
/** Bulk triage by filter: the largest `expected` count accepted (a sanity bound, not a cap: an analysis holds fewer findings). */
export const MAX_BULK_FILTER = 100_000_000;
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
    expected: z.number().int().min(1).max(MAX_BULK_FILTER, 'expected must be the number of findings the filter matched'),
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

/** How long a case or filter review or export request waits for its job before answering 202 with the job to poll (tests lower it). */
export const answerWithin = { ms: 2_500 };

export interface ReviewJobAnswer {
  /** Written so far (all of them once `job.state` is done). */
  updated: number;
  matched: number;
  status: ReviewState['status'];
  suppressions: string[];
  job: Omit<ReviewJobItem, 'download'>;
  /** A finished findings export (kind export): its link. */
  download?: Awaited<ReturnType<typeof downloadOf>>;
}

/** The job as the API shows it; a finished export with a fresh link to its file (its stored key stays inside). */
async function answerOf(services: Services, item: ReviewJobItem): Promise<ReviewJobAnswer> {
  const { download, ...job } = item;
  const answer: ReviewJobAnswer = { updated: job.updated, matched: job.matched, status: job.status, suppressions: job.suppressions, job };
  if (download && job.state === 'done') answer.download = await downloadOf(services, download);
  return answer;
}

interface Plan {
  notFound?: true;
  matched: number;
  pairs: { rule: string; user: string; findingId: string }[];
}

/**
 * Records the job, starts it in a review worker (on AWS: puts it on the review queue) and waits a
 * moment for it: the answer is the result (200) when it ended by then, else the running job (202).
 */
async function startJob(
  services: Services,
  o: OpenedFindings,
  filter: FindingFilter,
  job: Omit<ReviewJobItem, 'processed' | 'updated' | 'skipped' | 'updatedAt' | 'startedAt' | 'state' | 'jobId' | 'analysisId'>,
  state: ReviewState,
  suppressionOf: Map<string, string>,
  onlyIf: ReviewState['status'] | undefined,
): Promise<{ code: 200 | 202; body: ReviewJobAnswer }> {
  const { analysisId } = o.analysis;
  const userSub = o.userSub;
  await requireJobRoom(services, userSub, analysisId);
  const jobId = randomUUID();
  const queued = reviewsQueued(services);
  await createJobItem(services, userSub, { ...job, jobId, analysisId }, queued ? 'queued' : 'running');
  if (queued) {
    await queueReviewJob(services, { userSub, analysisId, jobId, filter, state, suppressionOf: [...suppressionOf], onlyIf });
  } else {
    const spec: ApplySpec = { table: tableConnection(services.config), userSub, analysisId, jobId, state, suppressionOf: [...suppressionOf], onlyIf };
    // Without worker threads (REVIEW_WORKERS=0) the job runs within the request.
    await runQuery<{ matched: number }>(o, { type: 'apply', filter, spec, wait: reviewPool().inline });
  }
  return awaitJob(services, userSub, analysisId, jobId);
}

/** Waits up to answerWithin.ms for a job: its result (200) when it ended by then, else the job (202); a failed job answers 409 with its message. */
export async function awaitJob(services: Services, userSub: string, analysisId: string, jobId: string): Promise<{ code: 200 | 202; body: ReviewJobAnswer }> {
  const deadline = Date.now() + answerWithin.ms;
  for (let wait = 25; ; wait = Math.min(250, wait * 2)) {
    const now = await readJobItem(services, userSub, analysisId, jobId);
    if (!now) throw new VisibleError('UNAVAILABLE', 'The job was lost; try again');
    if (now.state === 'failed') throw new VisibleError('CONFLICT', now.message ?? 'The job failed; try again');
    if (now.state === 'done') return { code: 200, body: await answerOf(services, now) };
    if (Date.now() > deadline) return { code: 202, body: await answerOf(services, now) };
    await new Promise((r) => setTimeout(r, wait));
  }
}

/** The kind of each job of the analysis still moving: running, or queued (for the review job function, not yet or between two steps; for an export thread). */
export async function runningJobs(services: Services, userSub: string, analysisId: string): Promise<ReviewJobItem['kind'][]> {
  const live = liveJobCondition();
  const items = await queryAll<Pick<ReviewJobItem, 'kind'>>(services.ddb, {
    TableName: services.config.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    FilterExpression: live.expression,
    ExpressionAttributeNames: { ...live.names, '#kind': 'kind' },
    ExpressionAttributeValues: { ':pk': keys.user(userSub), ':sk': reviewKeys.jobsOf(analysisId), ...live.values },
    ProjectionExpression: '#kind',
    ConsistentRead: true,
  });
  return items.map((i) => i.kind);
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The 503 when MAX_RUNNING_JOBS jobs of the analysis still move: what they are (reviews, findings downloads) and what to do. */
export function jobsLimitMessage(kinds: readonly ReviewJobItem['kind'][]): string {
  const exports = kinds.filter((k) => k === 'export').length;
  const reviews = kinds.length - exports;
  const what = [reviews > 0 ? counted(reviews, 'review', 'reviews') : '', exports > 0 ? counted(exports, 'findings download', 'findings downloads') : ''].filter(Boolean).join(' and ');
  return `${what} of this analysis ${kinds.length === 1 ? 'is' : 'are'} still being written; wait for one to finish, then try again`;
}

/** Refuses (503) a new job while MAX_RUNNING_JOBS of the analysis's jobs still move; checked before any work. */
export async function requireJobRoom(services: Services, userSub: string, analysisId: string): Promise<void> {
  const kinds = await runningJobs(services, userSub, analysisId);
  if (kinds.length >= MAX_RUNNING_JOBS) throw new VisibleError('UNAVAILABLE', jobsLimitMessage(kinds));
}

/** GET /results/{id}/review-jobs/{jobId}: a case or filter review's progress and result (the caller's own analysis only). */
export async function getReviewJob(services: Services, userSub: string, analysisId: string, jobId: string): Promise<ReviewJobAnswer> {
  await requireAnalysis(services, userSub, analysisId);
  const job = await readJobItem(services, userSub, analysisId, jobId);
  if (!job) throw new VisibleError('NOT_FOUND', 'Review job not found');
  return answerOf(services, job);
}

/** The status a finding must still have when its batch is written, for a filter on review status. */
const onlyIfOf = (filter: FindingFilter): ReviewState['status'] | undefined => (filter.status === 'suppressed' ? 'open' : filter.status);

/** PUT /results/{id}/findings/review-by-filter: every finding the filter matches, however many. */
export async function reviewByFilter(services: Services, caller: Caller, analysisId: string, body: FilterReviewBody) {
  const o = await openFindings(services, caller.sub, analysisId);
  const filter = filterOf(body.filter);
  const { matched } = await runQuery<Plan>(o, { type: 'plan', filter, pairs: 0 });
  if (matched !== body.expected) {
    throw new VisibleError('CONFLICT', `The filter now matches ${matched.toLocaleString('en-US')} findings, not ${body.expected.toLocaleString('en-US')}; nothing was changed. Look at the list again and repeat.`);
  }
  return startJob(services, o, filter, { kind: 'filter', status: body.status, matched, suppressions: [] }, stateOf(caller, body), new Map(), onlyIfOf(filter));
}

/** PUT /results/{id}/cases/{caseId}/review: the decision on every member (or every open one), each with its own trail entry. */
export async function reviewCase(services: Services, caller: Caller, analysisId: string, caseId: string, body: CaseReviewBody) {
  const o = await openFindings(services, caller.sub, analysisId);
  const filter: FindingFilter = { caseId, ...(body.scope === 'open' ? { status: 'open' } : {}) };
  const plan = await runQuery<Plan>(o, { type: 'plan', filter, pairs: body.suppress ? MAX_CASE_SUPPRESSIONS : 0 });
  if (plan.notFound) throw new VisibleError('NOT_FOUND', 'Case not found');
  const now = stateOf(caller, body);
  if (plan.matched === 0) return { code: 200 as const, body: { updated: 0, matched: 0, status: body.status, suppressions: [] } };
  // One suppression per rule and user among the members.
  const suppressionOf = new Map<string, string>();
  if (body.suppress) {
    if (plan.pairs.length === 0) throw new VisibleError('BAD_REQUEST', 'The members of this case name no user, and a suppression needs one');
    if (plan.pairs.length > MAX_CASE_SUPPRESSIONS) throw new VisibleError('BAD_REQUEST', `The members of this case have more than ${MAX_CASE_SUPPRESSIONS} different rules and users; at most ${MAX_CASE_SUPPRESSIONS} suppressions are made at once`);
    for (const t of plan.pairs) {
      const created = await createSuppression(services, caller.sub, caller.email, {
        rule: t.rule,
        user: t.user,
        reason: body.suppress.reason ?? body.comment,
        expiresAt: body.suppress.expiresAt,
        sourceAnalysisId: analysisId,
        sourceFindingId: t.findingId,
      });
      suppressionOf.set(`${t.rule}\u001f${t.user}`, created.suppressionId);
    }
  }
  return startJob(services, o, filter, { kind: 'case', caseId, status: body.status, matched: plan.matched, suppressions: [...suppressionOf.values()] }, now, suppressionOf, body.scope === 'open' ? 'open' : undefined);
}
