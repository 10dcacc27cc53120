import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { useHeldResult } from '../../state/held-result.tsx';
import { DashboardPage } from './DashboardPage.tsx';

// Results only load when a result is held, keeping the dashboard light.
const ResultsView = lazy(() => import('../results/ResultsView.tsx').then((m) => ({ default: m.ResultsView })));

/** `/`: the held completed analysis if there is one, else the dashboard. */
export function HomePage() {
  const { result } = useHeldResult();
  if (!result) return <DashboardPage />;
  return (
    <Suspense fallback={<Center h={200}><Loader /></Center>}>
      <ResultsView result={result} />
    </Suspense>
  );
}
