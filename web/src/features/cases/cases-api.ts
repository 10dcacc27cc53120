/** Server calls of the cases views (issue 24): one queryOptions factory per read, plain functions for writes. */
import { queryOptions } from '@tanstack/react-query';
import type { Case, CaseRiskLevel } from '@app/core/cases/types.ts';
import { api } from '../../api/client.ts';
import { ApiError } from '../../api/api-error.ts';
import type { ReviewStatus } from '../review/review-api.ts';
import type { ReviewJobAnswer } from '../review/review-job.ts';

export type RiskLevel = CaseRiskLevel;

export interface CaseProgress {
  members: number;
  reviewed: number;
  open: number;
  suppressed: number;
  /** The decisions on the reviewed members (absent where none is reviewed, or from an older server). */
  decisions?: Partial<Record<Exclude<ReviewStatus, 'open'>, number>>;
}

/** The decision every member of a case has (none while some are open, or where decisions differ). */
export function caseDecision(p: CaseProgress): Exclude<ReviewStatus, 'open'> | undefined {
  if (p.open > 0 || p.reviewed === 0) return undefined;
  const taken = Object.entries(p.decisions ?? {}).filter(([, n]) => (n ?? 0) > 0);
  return taken.length === 1 && taken[0]![1] === p.reviewed ? (taken[0]![0] as Exclude<ReviewStatus, 'open'>) : undefined;
}

/** A case as the API lists it: the engine's case with its review progress. */
export type CaseSummary = Omit<Case, 'findings_offset' | 'findings_count'> & { members: number; progress: CaseProgress };

export interface CasesPage {
  analysisId: string;
  cases: CaseSummary[];
  matched: number;
  nextCursor: string | null;
  counts: { total: number; toReview: number; byRisk: Record<RiskLevel, number>; toReviewByRisk: Record<RiskLevel, number> };
  rules: { id: string; title: string; severity: string; cases: number }[];
}

export interface CaseFilters {
  risk?: RiskLevel;
  rule?: string;
  actor?: string;
  review?: 'open' | 'done';
  cursor?: string;
  limit?: number;
}

export interface CaseDetail {
  analysisId: string;
  case: CaseSummary;
  /** A terminal or address case: the users its members name (their timelines stand for the terminal's). */
  namedUsers?: string[];
  position: number;
  cases: number;
}

export const casesKeys = {
  all: (analysisId: string) => ['cases', analysisId] as const,
  page: (analysisId: string, filters: CaseFilters) => ['cases', analysisId, 'list', filters] as const,
  one: (analysisId: string, caseId: string) => ['cases', analysisId, 'case', caseId] as const,
};

const base = (analysisId: string) => `/results/${encodeURIComponent(analysisId)}/cases`;

function queryString(filters: object): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The cases of an analysis from before cases were stored are being computed (503 PREPARING): ask again shortly. */
export const isPreparing = (e: unknown) => e instanceof ApiError && e.code === 'PREPARING';
export const PREPARING_POLL_MS = 2000;

export const casesQuery = (analysisId: string, filters: CaseFilters) =>
  queryOptions({
    queryKey: casesKeys.page(analysisId, filters),
    queryFn: () => api.get<CasesPage>(`${base(analysisId)}${queryString(filters)}`, { fallback: 'Failed to load cases' }),
  });

/** The case itself (its members are listed through the findings filtered by case). */
export const caseQuery = (analysisId: string, caseId: string) =>
  queryOptions({
    queryKey: casesKeys.one(analysisId, caseId),
    queryFn: () => api.get<CaseDetail>(`${base(analysisId)}/${encodeURIComponent(caseId)}?limit=1`, { fallback: 'Failed to load the case' }),
  });

export interface CaseReviewInput {
  status: ReviewStatus;
  comment: string;
  ticket: string;
  scope: 'all' | 'open';
  suppress?: { expiresAt: string };
}

export const reviewCase = (analysisId: string, caseId: string, input: CaseReviewInput) =>
  api.put<ReviewJobAnswer>(`${base(analysisId)}/${encodeURIComponent(caseId)}/review`, input, { fallback: 'Failed to save the case review' });
