/** One queryOptions factory per server read, shared by loaders and components. */
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from './client.ts';
import { nextPollInterval } from '../features/analysis/poll-timing.ts';
import type { AnalysisListItem, AnalysisResult, FileItem, SystemInfo } from './types.ts';

export const queryKeys = {
  files: ['files'] as const,
  analyses: ['analyses'] as const,
  analysis: (id: string) => ['analysis', id] as const,
  systemInfo: ['system-info'] as const,
  preferences: (type: string) => ['preferences', type] as const,
};

export const filesQuery = () =>
  queryOptions({
    queryKey: queryKeys.files,
    queryFn: async () => (await api.get<{ files?: FileItem[] }>('/files', { fallback: 'Failed to list files' })).files ?? [],
  });

export const analysesQuery = () =>
  queryOptions({
    queryKey: queryKeys.analyses,
    queryFn: async () =>
      (await api.get<{ analyses?: AnalysisListItem[] }>('/results', { fallback: 'Failed to list analyses' })).analyses ?? [],
  });


/** GET /results/{id}; a 404 (an unknown id or another user's analysis) says 'Analysis not found'. */
export async function fetchAnalysis(id: string, fallback = 'Failed to get results'): Promise<AnalysisResult> {
  try {
    return await api.get<AnalysisResult>(`/results/${encodeURIComponent(id)}`, { fallback });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw new ApiError(404, 'Analysis not found', err.code);
    throw err;
  }
}

/** The analysis poll: every 2 s until completed or failed, stopped by a polling error (spec 4). */
export const analysisQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.analysis(id),
    queryFn: () => fetchAnalysis(id, 'Failed to get analysis results'),
    refetchInterval: (query) => nextPollInterval(query.state.data?.status, query.state.error !== null),
    staleTime: 0,
  });

export const systemInfoQuery = () =>
  queryOptions({
    queryKey: queryKeys.systemInfo,
    queryFn: () => api.get<SystemInfo>('/system-info', { fallback: 'Failed to load system information' }),
    staleTime: 60_000,
  });

/** GET /preferences/{type} → the stored preferences object (null when none saved). */
export const preferencesQuery = (type: string) =>
  queryOptions({
    queryKey: queryKeys.preferences(type),
    queryFn: async () => {
      const body = await api.get<{ preferences?: Record<string, unknown> } | null>(`/preferences/${encodeURIComponent(type)}`, {
        fallback: 'Failed to get preferences',
      });
      return body?.preferences ?? null;
    },
  });
