import { createFileRoute, redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';

// The old address of a user's timeline: it now lives under its analysis.
export const Route = createFileRoute('/_app/timeline')({
  validateSearch: z.object({ analysisId: z.string(), user: z.string() }),
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/results/$analysisId/timeline', params: { analysisId: search.analysisId }, search: { user: search.user }, replace: true });
  },
});
