import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/analytics')({
  component: lazyRouteComponent(() => import('../../features/analytics/AnalyticsPage.tsx'), 'AnalyticsPage'),
});
