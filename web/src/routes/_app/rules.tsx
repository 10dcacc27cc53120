import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/rules')({
  component: lazyRouteComponent(() => import('../../features/rules/RulesPage.tsx'), 'RulesPage'),
});
