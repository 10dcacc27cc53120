import { useQueries, useQuery } from '@tanstack/react-query';
import { analysesQuery, analysisQuery } from '../../api/queries.ts';
import { aggregateTotals, latestPerFile, mergeHeatmap, mergeTimeline } from './aggregate.ts';

/** Totals from the analysis list, timeline and heatmap from the latest analyses' details. */
export function useAnalytics() {
  const list = useQuery(analysesQuery());
  if (list.isError) console.error('Analytics load failed', list.error); // spec: only logged
  const analyses = list.data ?? [];
  const latest = latestPerFile(analyses);
  const details = useQueries({
    queries: latest.map((a) => ({ ...analysisQuery(a.analysisId), refetchInterval: false as const, staleTime: 60_000 })),
  });
  const sources = details.map((d) => d.data?.analytics);
  return {
    loading: list.isPending,
    error: list.isError ? list.error.message || 'Failed to list analyses' : null,
    detailsLoading: details.some((d) => d.isPending),
    totals: aggregateTotals(analyses),
    timeline: mergeTimeline(sources),
    heatmap: mergeHeatmap(sources),
  };
}
