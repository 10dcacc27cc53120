import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/results/$analysisId/cases/')({
  component: lazyRouteComponent(() => import('../../features/results/ResultsRoute.tsx'), 'ResultsCases'),
});
