import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/risk-management')({
  component: lazyRouteComponent(() => import('../../features/access/RiskManagementRoute.tsx'), 'RiskManagementRoute'),
});
