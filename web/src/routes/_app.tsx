import { createFileRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';

// Auth guard: every route below needs a signed-in user.
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => {
    if (context.auth.status !== 'signedIn') {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    // An administrator without two-factor authentication enrols before anything else.
    if (context.auth.isAdmin && context.auth.adminTotpEnabled === false && location.pathname !== '/security') {
      throw redirect({ to: '/security' });
    }
  },
  // Lazy: signed-out visitors never load the shell.
  component: lazyRouteComponent(() => import('../features/shell/AppLayout.tsx'), 'AppLayout'),
});
