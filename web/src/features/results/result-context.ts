import { createContext, useContext } from 'react';
import type { AnalysisResult } from '../../api/types.ts';

/** The completed analysis of `/results/{analysisId}`, for the views below it (overview, findings, timeline, cases). */
export const ResultContext = createContext<AnalysisResult | null>(null);

export function useResult(): AnalysisResult {
  const result = useContext(ResultContext);
  if (!result) throw new Error('useResult() must be used below /results/$analysisId');
  return result;
}

/** The analysis shown, or null outside /results/{analysisId} (a card rendered on its own). */
export function useOptionalResult(): AnalysisResult | null {
  return useContext(ResultContext);
}
