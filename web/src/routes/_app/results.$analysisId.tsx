import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

// /results/{analysisId}: the analysis's own address; a link, a bookmark and a second tab open it.
// The child views (overview, findings, timeline, cases) render inside its frame.
export const Route = createFileRoute('/_app/results/$analysisId')({
  component: lazyRouteComponent(() => import('../../features/results/ResultsRoute.tsx'), 'ResultsFrame'),
});
