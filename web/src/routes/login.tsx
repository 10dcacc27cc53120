import { createFileRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { safeRedirect } from '../features/auth/safe-redirect.ts';

export const Route = createFileRoute('/login')({
  // A malformed redirect (a number, an object) is dropped, not an error page.
  validateSearch: z.object({ redirect: z.catch(z.optional(z.string()), undefined) }),
  // Once signed in (the app invalidates the router on auth changes) continue where the user was going.
  beforeLoad: ({ context, search }) => {
    if (context.auth.status === 'signedIn') throw redirect({ href: safeRedirect(search.redirect) });
  },
  // Lazy: the sign-in (SRP) code only loads for signed-out visitors.
  component: lazyRouteComponent(() => import('../features/auth/LoginRoute.tsx'), 'LoginRoute'),
});
