import { Navigate } from '@tanstack/react-router';
import { useHeldResult } from '../../state/held-result.tsx';
import { ResultsView } from './ResultsView.tsx';

/** /results: the held analysis, or home when none is held. */
export function ResultsRoute() {
  const { result } = useHeldResult();
  if (!result) return <Navigate to="/" replace />;
  return <ResultsView result={result} />;
}
