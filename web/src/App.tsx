import { useEffect, useState } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from './auth/use-auth.ts';
import { createAppRouter } from './router.tsx';
import { InitializingScreen } from './features/auth/InitializingScreen.tsx';

/** Waits for the session check, then hands the auth state to the router's guards. */
export function App() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [router] = useState(() => createAppRouter(queryClient));

  useEffect(() => {
    if (auth.status !== 'initializing') void router.invalidate();
  }, [auth.status, router]);

  if (auth.status === 'initializing') return <InitializingScreen />;
  return <RouterProvider router={router} context={{ auth }} />;
}
