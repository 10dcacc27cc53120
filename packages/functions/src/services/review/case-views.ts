/**
 * Cases of an analysis (DETECTION.md section 6, issue 24): GET /results/{id}/cases and
 * GET /results/{id}/cases/{caseId}. The cases are read from cases.json as the report step ordered
 * them; filters and each case's review progress are computed in the review worker; a page of a
 * case's members is one read of its contiguous lines in findings.ndjson.
 */
import { z } from 'zod';
import { VisibleError } from '../../http/errors.ts';
import type { LineRef } from './findings-index.ts';
import { CASE_ID, MAX_PAGE } from './findings-query.ts';
import { openFindings, readLines, runQuery, type OpenedFindings } from './finding-store.ts';
import { viewsOf } from './finding-views.ts';
import type { CaseSummary } from './review-jobs.ts';

export const CASE_NOT_FOUND = 'Case not found';

export const casesQuerySchema = z.object({
  risk: z.enum(['critical', 'high', 'medium', 'low']).optional(),
  rule: z.string().trim().min(1).max(80).optional(),
  actor: z.string().trim().min(1).max(80).optional(),
  /** open: cases with a member nobody has reviewed (and no suppression covers); done: the others. */
  review: z.enum(['open', 'done']).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(25),
  cursor: z.string().regex(/^\d{1,6}$/, 'cursor must be the nextCursor of the previous page').optional(),
});
export type CasesQuery = z.infer<typeof casesQuerySchema>;

export const caseQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(50),
  cursor: z.string().regex(/^\d{1,7}$/, 'cursor must be the nextCursor of the previous page').optional(),
});

export async function listCases(services: Parameters<typeof openFindings>[0], userSub: string, analysisId: string, q: CasesQuery) {
  const o = await openFindings(services, userSub, analysisId);
  const answer = await runQuery<Record<string, unknown>>(o, {
    type: 'cases',
    filter: { risk: q.risk, rule: q.rule, actor: q.actor, review: q.review },
    cursor: Number(q.cursor ?? 0),
    limit: q.limit,
  });
  return { analysisId, ...answer };
}

/** Members of a terminal or address case read for the users they name (a burst's activity lists them), and users kept. */
export const NAMED_USERS_MEMBERS = 500;
export const MAX_NAMED_USERS = 100;

/**
 * The users a terminal or address case names (a FAILED_LOGON_BURST from a terminal says
 * "(users A, B)"; a record finding names its user), from its first NAMED_USERS_MEMBERS members:
 * the case page offers their timelines, since the timeline index is kept per user.
 */
async function namedUsers(o: OpenedFindings, caseId: string, actor: string): Promise<string[]> {
  const first = await runQuery<{ members: LineRef[] }>(o, { type: 'case', caseId, cursor: 0, limit: NAMED_USERS_MEMBERS });
  const users = new Set<string>();
  for (const f of await readLines(o, first.members)) {
    if (f.kind === 'record' && f.user && f.user !== actor) users.add(f.user);
    for (const e of f.evidence) {
      const named = /\(users ([^)]*)\)\s*$/.exec(e.sm20_activity ?? '');
      if (named) for (const u of named[1]!.split(',')) if (u.trim()) users.add(u.trim().toUpperCase());
    }
  }
  return [...users].sort().slice(0, MAX_NAMED_USERS);
}

export async function getCase(services: Parameters<typeof openFindings>[0], userSub: string, analysisId: string, caseId: string, q: z.infer<typeof caseQuerySchema>) {
  if (!CASE_ID.test(caseId)) throw new VisibleError('NOT_FOUND', CASE_NOT_FOUND);
  const o = await openFindings(services, userSub, analysisId);
  const answer = await runQuery<{ notFound?: true; case: CaseSummary; position: number; cases: number; members: LineRef[]; nextCursor: string | null }>(o, {
    type: 'case',
    caseId,
    cursor: Number(q.cursor ?? 0),
    limit: q.limit,
  });
  if (answer.notFound) throw new VisibleError('NOT_FOUND', CASE_NOT_FOUND);
  const byPlace = answer.case.actor_kind === 'terminal' || answer.case.actor_kind === 'address';
  return {
    ...(byPlace ? { namedUsers: await namedUsers(o, caseId, answer.case.actor) } : {}),
    analysisId,
    case: answer.case,
    position: answer.position,
    cases: answer.cases,
    members: await viewsOf(o, answer.members),
    nextCursor: answer.nextCursor,
  };
}
