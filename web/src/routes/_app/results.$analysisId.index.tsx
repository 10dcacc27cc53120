import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/results/$analysisId/')({
  component: lazyRouteComponent(() => import('../../features/results/ResultsRoute.tsx'), 'ResultsOverview'),
});
