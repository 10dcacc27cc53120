/** Server calls of the review feature (issue 17): one queryOptions factory per read, plain functions for writes. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

import type { Finding as EngineFinding, FindingRule, FindingSeverity as Severity, ReviewStatus, SuppressionRule } from '@app/core/review/types.ts';
import type { TimelineEntry, TimelineType } from '@app/core/review/user-timeline.ts';
import { ApiError } from '../../api/api-error.ts';
import { untilWritten, type FindingsDownload, type ReviewJob, type ReviewJobAnswer } from './review-job.ts';

export type { FindingRule, ReviewStatus, Severity, TimelineEntry, TimelineType };

/** A finding as the API lists it: the engine's finding without its evidence, with its review. */
export type Finding = Omit<EngineFinding, 'evidence'> & {
  review: { status: ReviewStatus; comment: string; ticket: string; reviewer: string | null; reviewedAt: string | null; suppressionId: string | null };
  suppressed: { suppressionId: string; reason: string; expiresAt: string } | null;
};

export interface FindingCounts {
  total: number;
  open: number;
  reviewed: number;
  suppressed: number;
  toReview: number;
  criticalOpen: number;
  byStatus: Record<ReviewStatus, number>;
  bySeverity: Record<Severity, number>;
}

export interface FindingsPage {
  analysisId: string;
  findings: Finding[];
  matched: number;
  nextCursor: string | null;
  counts: FindingCounts;
  rules: FindingRule[];
  recordCoverage: { perFlagCap: number | null; flags: { flag: string; total: number; listed: number }[] };
  /** Record findings: every high-severity flagged record (up to `cap`), or the report's samples (older analyses). */
  recordSource?: { kind: 'all'; total: number; listed: number; cap: number } | { kind: 'samples'; perFlag: number };
  suppressionSnapshot: { takenAt: string; applied: { suppressionId: string; rule: string; user: string; reason: string; matched: number }[] } | null;
}

export interface TrailEntry {
  status: ReviewStatus;
  previousStatus: ReviewStatus;
  comment: string;
  ticket: string;
  reviewer: string;
  reviewedAt: string;
  suppressionId?: string;
}

export interface FindingDetail {
  finding: Finding;
  evidence: Record<string, string>[];
  trail: TrailEntry[];
}

export interface FindingFilters {
  status?: ReviewStatus | 'suppressed';
  severity?: Severity;
  rule?: string;
  user?: string;
  caseId?: string;
  cursor?: string;
  limit?: number;
}

/** A suppression as its screen lists it: the rule an analysis applies, with its life. */
export interface Suppression extends SuppressionRule {
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  deletedAt?: string;
  sourceAnalysisId?: string;
  state: 'active' | 'expired' | 'deleted';
  history: { at: string; by: string; action: string }[];
}

export const reviewKeys = {
  findings: (analysisId: string) => ['findings', analysisId] as const,
  findingsPage: (analysisId: string, filters: FindingFilters) => ['findings', analysisId, filters] as const,
  finding: (analysisId: string, findingId: string) => ['findings', analysisId, 'detail', findingId] as const,
  suppressions: ['suppressions'] as const,
};

const base = (analysisId: string) => `/results/${encodeURIComponent(analysisId)}/findings`;

function queryString(filters: FindingFilters): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const findingsQuery = (analysisId: string, filters: FindingFilters) =>
  queryOptions({
    queryKey: reviewKeys.findingsPage(analysisId, filters),
    queryFn: () => api.get<FindingsPage>(`${base(analysisId)}${queryString(filters)}`, { fallback: 'Failed to load findings' }),
  });

export const findingQuery = (analysisId: string, findingId: string) =>
  queryOptions({
    queryKey: reviewKeys.finding(analysisId, findingId),
    queryFn: () => api.get<FindingDetail>(`${base(analysisId)}/${encodeURIComponent(findingId)}`, { fallback: 'Failed to load the finding' }),
  });

export interface ReviewInput {
  status: ReviewStatus;
  comment: string;
  ticket: string;
  suppress?: { expiresAt: string; reason?: string; matchObject: boolean; matchTerminal: boolean };
}

export const reviewFinding = (analysisId: string, findingId: string, input: ReviewInput) =>
  api.put<{ finding: Finding }>(`${base(analysisId)}/${encodeURIComponent(findingId)}/review`, input, { fallback: 'Failed to save the review' });

export const reviewFindings = (analysisId: string, findingIds: string[], input: Omit<ReviewInput, 'suppress'>) =>
  api.put<{ updated: number }>(`${base(analysisId)}/review`, { ...input, findingIds }, { fallback: 'Failed to save the reviews' });

/** The filters of a list as a bulk triage by filter names them. */
export type FindingMatch = Pick<FindingFilters, 'status' | 'severity' | 'rule' | 'user'> & { caseId?: string };

/** Every finding the filter matches, not only the page shown; `expected` is the count the user saw (409 when it moved). */
/** The result, or (202) the job writing it (review-job.ts `untilWritten`). */
export const reviewByFilter = (analysisId: string, filter: FindingMatch, expected: number, input: Omit<ReviewInput, 'suppress'>) =>
  api.put<ReviewJobAnswer>(`${base(analysisId)}/review-by-filter`, { ...input, filter, expected }, { fallback: 'Failed to save the reviews' });

/** The findings download, started with a POST (it may start a job): its link, or (202: on AWS, or a streamed one) the job writing it, followed to the end. */
export async function exportFindings(analysisId: string, format: 'xlsx' | 'csv', onJob?: (job: ReviewJob) => void): Promise<FindingsDownload> {
  const first = await api.post<FindingsDownload | ReviewJobAnswer>(`${base(analysisId)}/export`, { format }, { fallback: 'Failed to prepare the findings workbook' });
  if ('downloadUrl' in first) return first;
  const done = await untilWritten(analysisId, first, onJob);
  if (!done.download) throw new ApiError(409, 'The download was not written; try again');
  return done.download;
}

export const suppressionsQuery = () =>
  queryOptions({
    queryKey: reviewKeys.suppressions,
    queryFn: () => api.get<{ suppressions: Suppression[]; counts: Record<Suppression['state'], number> }>('/suppressions', { fallback: 'Failed to load suppressions' }),
  });

export interface SuppressionEdit {
  reason?: string;
  object?: string | null;
  terminal?: string | null;
  expiresAt?: string;
  expire?: true;
}

export const updateSuppression = (id: string, edit: SuppressionEdit) =>
  api.put<{ suppression: Suppression }>(`/suppressions/${encodeURIComponent(id)}`, edit, { fallback: 'Failed to save the suppression' });

export const deleteSuppression = (id: string) => api.del<{ suppression: Suppression }>(`/suppressions/${encodeURIComponent(id)}`, undefined, { fallback: 'Failed to delete the suppression' });

export interface TimelinePage {
  user: string;
  entries: TimelineEntry[];
  matched: number;
  total: number;
  nextCursor: string | null;
  days: { day: string; count: number }[];
  types: Partial<Record<TimelineType, number>>;
  truncated: boolean;
}

export const timelineQuery = (analysisId: string, params: { user: string; day?: string; type?: string; cursor?: string }) =>
  queryOptions({
    queryKey: ['timeline', analysisId, params] as const,
    queryFn: () => {
      const q = new URLSearchParams({ limit: '100' });
      for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
      return api.get<TimelinePage>(`/results/${encodeURIComponent(analysisId)}/timeline?${q}`, { fallback: 'Failed to load the timeline' });
    },
    staleTime: 60_000,
  });
