import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/analysis/$analysisId')({
  component: lazyRouteComponent(() => import('../../features/analysis/AnalysisRoute.tsx'), 'AnalysisRoute'),
});
