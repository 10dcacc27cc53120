import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/results/$analysisId/cases/$caseId')({
  component: lazyRouteComponent(() => import('../../features/cases/CasePage.tsx'), 'CasePage'),
});
