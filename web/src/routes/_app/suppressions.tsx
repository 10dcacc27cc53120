import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/suppressions')({
  component: lazyRouteComponent(() => import('../../features/review/SuppressionsPage.tsx'), 'SuppressionsPage'),
});
