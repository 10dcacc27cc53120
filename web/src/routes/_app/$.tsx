import { createFileRoute, redirect } from '@tanstack/react-router';

// Any unknown path goes home.
export const Route = createFileRoute('/_app/$')({
  beforeLoad: () => {
    throw redirect({ to: '/' });
  },
});
