import { useHeldResult } from '../../state/held-result.tsx';
import { ResultsView } from '../results/ResultsView.tsx';
import { DashboardPage } from './DashboardPage.tsx';

/** `/`: the held completed analysis if there is one, else the dashboard. */
export function HomePage() {
  const { result } = useHeldResult();
  return result ? <ResultsView result={result} /> : <DashboardPage />;
}
