import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/files')({
  component: lazyRouteComponent(() => import('../../features/files/FileManagerPage.tsx'), 'FileManagerPage'),
});
