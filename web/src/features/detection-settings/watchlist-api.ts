/**
 * Server calls of the watchlist and thresholds tabs: one queryOptions factory per read, writes
 * through mutations that refresh the lists and the audit log.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { DetectionThresholds } from '@app/core/model/index.ts';
import { api } from '../../api/client.ts';
import { riskKeys, uploadListFile, useInvalidateRisk, type ImportResult } from '../risk-management/risk-api.ts';
import type { WatchlistEntry, WatchlistName } from './watchlist-kinds.ts';

export type { DetectionThresholds };

export interface ThresholdsState {
  thresholds: DetectionThresholds;
  defaults: DetectionThresholds;
  isDefault: boolean;
  lastModified?: string;
  lastModifiedBy?: string;
  lastModifiedByEmail?: string;
}

/** Under riskKeys.all, so every risk-management change refreshes these too. */
export const watchlistKeys = {
  list: (name: WatchlistName, search: string, kind: string) => [...riskKeys.all, 'watchlist', name, { search, kind }] as const,
  thresholds: [...riskKeys.all, 'thresholds'] as const,
};

export function watchlistQuery(name: WatchlistName, search: string, kind: string) {
  return queryOptions({
    queryKey: watchlistKeys.list(name, search, kind),
    queryFn: async () => {
      const params = new URLSearchParams({ search, kind });
      return (await api.get<{ entries?: WatchlistEntry[] }>(`/watchlists/${name}?${params}`, { fallback: 'Failed to load the watchlist' })).entries ?? [];
    },
  });
}

export const thresholdsQuery = queryOptions({
  queryKey: watchlistKeys.thresholds,
  queryFn: () => api.get<ThresholdsState>('/detection-thresholds', { fallback: 'Failed to load the thresholds' }),
});

export function useSaveWatchlistEntry(name: WatchlistName) {
  const invalidate = useInvalidateRisk();
  return useMutation({
    mutationFn: (input: { mode: 'add' | 'edit'; id: string; kind?: string; description: string }) => {
      const body = { ...(input.kind ? { kind: input.kind } : {}), description: input.description };
      return input.mode === 'add'
        ? api.post<WatchlistEntry>(`/watchlists/${name}`, { id: input.id, ...body }, { fallback: 'Failed to save the entry' })
        : api.put<WatchlistEntry>(`/watchlists/${name}/${encodeURIComponent(input.id)}`, body, { fallback: 'Failed to save the entry' });
    },
    onSettled: invalidate,
  });
}

export function useDeleteWatchlistEntry(name: WatchlistName) {
  const invalidate = useInvalidateRisk();
  return useMutation({
    mutationFn: (id: string) => api.del(`/watchlists/${name}/${encodeURIComponent(id)}`, undefined, { fallback: 'Failed to delete the entry' }),
    onSettled: invalidate,
  });
}

export function useImportWatchlist(name: WatchlistName) {
  const invalidate = useInvalidateRisk();
  return useMutation({
    mutationFn: async (file: File) => api.post<ImportResult>(`/watchlists/${name}/import`, { key: await uploadListFile(file) }, { fallback: 'Import failed' }),
    onSettled: invalidate,
  });
}

export function fetchWatchlistExport(name: WatchlistName): Promise<{ url: string; fileName: string; count: number }> {
  return api.get(`/watchlists/${name}/export`, { fallback: 'Failed to export the watchlist' });
}

export function useSaveThresholds() {
  const invalidate = useInvalidateRisk();
  return useMutation({
    mutationFn: (thresholds: DetectionThresholds) => api.put<ThresholdsState>('/detection-thresholds', thresholds, { fallback: 'Failed to save the thresholds' }),
    onSettled: invalidate,
  });
}
