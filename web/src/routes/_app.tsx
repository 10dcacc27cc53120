import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../features/shell/AppLayout.tsx';

// Auth guard: every route below needs a signed-in user.
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => {
    if (context.auth.status !== 'signedIn') {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: AppLayout,
});
