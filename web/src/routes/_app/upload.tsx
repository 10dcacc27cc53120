import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/upload')({
  component: lazyRouteComponent(() => import('../../features/upload/UploadPage.tsx'), 'UploadPage'),
});
