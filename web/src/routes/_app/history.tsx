import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/history')({
  component: lazyRouteComponent(() => import('../../features/history/HistoryPage.tsx'), 'HistoryPage'),
});
