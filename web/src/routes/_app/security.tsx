import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/security')({
  component: lazyRouteComponent(() => import('../../features/account/SecurityPage.tsx'), 'SecurityPage'),
});
