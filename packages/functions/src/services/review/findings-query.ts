/** GET /results/{id}/findings: filters, order (open first, critical first), counts and pages. */
import { REVIEW_STATUSES, type FindingSeverity } from '@app/core/review/index.ts';
import { z } from 'zod';
import type { AnalysisFindings, FindingView } from './finding-views.ts';

export const MAX_PAGE = 200;
const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
const SEVERITY_RANK: Record<FindingSeverity, number> = { critical: 0, high: 1, medium: 2, low: 3 };

export const findingsQuerySchema = z.object({
  rule: z.string().trim().min(1).max(80).optional(),
  severity: z.enum(SEVERITIES).optional(),
  user: z.string().trim().min(1).max(80).optional(),
  status: z.enum([...REVIEW_STATUSES, 'suppressed']).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(50),
  cursor: z.string().regex(/^\d{1,6}$/, 'cursor must be the nextCursor of the previous page').optional(),
});
export type FindingsQuery = z.infer<typeof findingsQuerySchema>;

/** What a list counts a finding as: suppressed only while nobody has reviewed it. */
export function bucketOf(v: FindingView): 'open' | 'reviewed' | 'suppressed' {
  if (v.review.status !== 'open') return 'reviewed';
  return v.suppressed ? 'suppressed' : 'open';
}

const BUCKET_RANK = { open: 0, reviewed: 1, suppressed: 2 } as const;

export function countFindings(views: readonly FindingView[]) {
  const byStatus: Record<string, number> = Object.fromEntries(REVIEW_STATUSES.map((s) => [s, 0]));
  const bySeverity: Record<string, number> = Object.fromEntries(SEVERITIES.map((s) => [s, 0]));
  const buckets = { open: 0, reviewed: 0, suppressed: 0 };
  let criticalOpen = 0;
  for (const v of views) {
    byStatus[v.review.status]!++;
    bySeverity[v.rule.severity]!++;
    const b = bucketOf(v);
    buckets[b]++;
    if (b === 'open' && v.rule.severity === 'critical') criticalOpen++;
  }
  // Suppressed findings need no review; progress is over the others.
  return { total: views.length, ...buckets, toReview: views.length - buckets.suppressed, criticalOpen, byStatus, bySeverity };
}

function matches(v: FindingView, q: FindingsQuery): boolean {
  if (q.rule && v.rule.id !== q.rule) return false;
  if (q.severity && v.rule.severity !== q.severity) return false;
  if (q.user && v.user !== q.user.toUpperCase()) return false;
  if (q.status === 'suppressed') return bucketOf(v) === 'suppressed';
  if (q.status === 'open') return bucketOf(v) === 'open';
  if (q.status && v.review.status !== q.status) return false;
  return true;
}

// Times and ids are ASCII: code-unit order is their order, without localeCompare's cost on 100,000 findings.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Open before reviewed before suppressed; within each, critical first, then by time. */
export function compareFindings(a: FindingView, b: FindingView): number {
  return (
    BUCKET_RANK[bucketOf(a)] - BUCKET_RANK[bucketOf(b)] ||
    SEVERITY_RANK[a.rule.severity] - SEVERITY_RANK[b.rule.severity] ||
    compareText(a.time, b.time) ||
    compareText(a.findingId, b.findingId)
  );
}

export function queryFindings(all: AnalysisFindings, q: FindingsQuery) {
  const filtered = all.views.filter((v) => matches(v, q)).sort(compareFindings);
  const start = Number(q.cursor ?? 0);
  const page = filtered.slice(start, start + q.limit);
  const next = start + q.limit < filtered.length ? String(start + q.limit) : null;
  const snapshot = all.snapshot;
  return {
    analysisId: all.analysis.analysisId,
    findings: page,
    matched: filtered.length,
    nextCursor: next,
    counts: countFindings(all.views),
    rules: [...new Map(all.views.map((v) => [v.rule.id, v.rule])).values()].sort((a, b) => a.id.localeCompare(b.id)),
    recordCoverage: all.recordCoverage,
    recordSource: all.recordSource,
    suppressionSnapshot: snapshot
      ? {
          takenAt: snapshot.takenAt,
          applied: snapshot.suppressions.map((s) => ({ ...s, matched: all.views.filter((v) => v.suppressed?.suppressionId === s.suppressionId).length })),
        }
      : null,
  };
}
