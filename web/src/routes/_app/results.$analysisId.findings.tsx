import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/results/$analysisId/findings')({
  component: lazyRouteComponent(() => import('../../features/results/ResultsRoute.tsx'), 'ResultsFindings'),
});
