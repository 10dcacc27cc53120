import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';

export const Route = createFileRoute('/_app/timeline')({
  validateSearch: z.object({ analysisId: z.string(), user: z.string() }),
  component: lazyRouteComponent(() => import('../../features/review/TimelinePage.tsx'), 'TimelineRoute'),
});
