/** GET /results/{id}/findings: filters, order (open first, critical first), counts and pages, computed in the review worker. */
import type { FindingRule } from '@app/core/review/index.ts';
import { REVIEW_STATUSES } from '@app/core/review/index.ts';
import { z } from 'zod';
import { SEVERITIES, type FindingFilter, type FindingsIndexData, type LineRef } from './findings-index.ts';
import { runQuery, type OpenedFindings } from './finding-store.ts';
import { viewsOf } from './finding-views.ts';

export const MAX_PAGE = 200;
export const CASE_ID = /^[A-Za-z0-9_.:-]{1,80}$/;

/** The filters a list and a bulk triage by filter share. */
export const findingFilterShape = {
  rule: z.string().trim().min(1).max(80).optional(),
  severity: z.enum(SEVERITIES).optional(),
  user: z.string().trim().min(1).max(80).optional(),
  status: z.enum([...REVIEW_STATUSES, 'suppressed']).optional(),
  caseId: z.string().regex(CASE_ID, 'caseId is a case id').optional(),
};

export const findingsQuerySchema = z.object({
  ...findingFilterShape,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(50),
  cursor: z.string().regex(/^\d{1,7}$/, 'cursor must be the nextCursor of the previous page').optional(),
});
export type FindingsQuery = z.infer<typeof findingsQuerySchema>;

export function filterOf(q: { rule?: string | undefined; severity?: FindingFilter['severity']; user?: string | undefined; status?: FindingFilter['status']; caseId?: string | undefined }): FindingFilter {
  return { rule: q.rule, severity: q.severity, user: q.user, status: q.status, caseId: q.caseId };
}

interface PageAnswer {
  page: LineRef[];
  matched: number;
  nextCursor: string | null;
  counts: Record<string, unknown>;
  rules: FindingRule[];
  applied: number[];
}

export async function queryFindings(o: OpenedFindings, q: FindingsQuery) {
  const answer = await runQuery<PageAnswer & Pick<FindingsIndexData, 'recordSource' | 'recordCoverage'>>(o, { type: 'findings', filter: filterOf(q), cursor: Number(q.cursor ?? 0), limit: q.limit });
  const snapshot = o.snapshot;
  return {
    analysisId: o.analysis.analysisId,
    findings: await viewsOf(o, answer.page),
    matched: answer.matched,
    nextCursor: answer.nextCursor,
    counts: answer.counts,
    rules: answer.rules,
    recordCoverage: answer.recordCoverage,
    recordSource: answer.recordSource,
    suppressionSnapshot: snapshot ? { takenAt: snapshot.takenAt, applied: snapshot.suppressions.map((s, i) => ({ ...s, matched: answer.applied[i] ?? 0 })) } : null,
  };
}
