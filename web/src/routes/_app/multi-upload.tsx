import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/multi-upload')({
  component: lazyRouteComponent(() => import('../../features/multi-upload/MultiUploadPage.tsx'), 'MultiUploadPage'),
});
