import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/help')({
  component: lazyRouteComponent(() => import('../../features/help/HelpPage.tsx'), 'HelpPage'),
});
