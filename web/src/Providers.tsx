import type { ReactNode } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cssVariablesResolver, theme } from './theme.ts';
import { AuthProvider } from './auth/AuthProvider.tsx';
import { HeldResultProvider, forgetHeldResult } from './state/held-result.tsx';
import { AnalyzingProvider } from './state/analyzing.tsx';
import { TOAST_LEAVE_MS } from './lib/notify.ts';
import { ConfirmHost } from './lib/ConfirmHost.tsx';

// The theme choice lives under localStorage 'theme' ('light' | 'dark' | 'auto' = system).
const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <Notifications position="top-right" transitionDuration={TOAST_LEAVE_MS} />
      <ConfirmHost />
      <QueryClientProvider client={queryClient}>
        <HeldResultProvider>
          <AnalyzingProvider>
            <AuthProvider
              onSignedOut={() => {
                forgetHeldResult();
                queryClient.clear();
              }}
            >
              {children}
            </AuthProvider>
          </AnalyzingProvider>
        </HeldResultProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
