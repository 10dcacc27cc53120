import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

// /results without an id (an old bookmark): the held analysis at its own address, else home.
export const Route = createFileRoute('/_app/results/')({
  component: lazyRouteComponent(() => import('../../features/results/ResultsRoute.tsx'), 'HeldResultRedirect'),
});
