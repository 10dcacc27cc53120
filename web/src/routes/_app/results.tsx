import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/results')({
  component: lazyRouteComponent(() => import('../../features/results/ResultsRoute.tsx'), 'ResultsRoute'),
});
