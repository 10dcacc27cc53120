import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';

export const Route = createFileRoute('/_app/results/$analysisId/timeline')({
  validateSearch: z.object({ user: z.string() }),
  component: lazyRouteComponent(() => import('../../features/review/TimelinePage.tsx'), 'TimelineRoute'),
});
