import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { clearCsrfToken, setTokenProvider } from '../../../api/client.ts';
import { setConfig } from '../../../config.ts';
import { render } from '../../../test-utils/render.tsx';
import type { FakeApi } from './fake-api.ts';

/** Points the real api client at the fake server and renders inside Mantine and React Query. */
export function renderWithApi(ui: ReactNode, fake: FakeApi) {
  setConfig({ apiUrl: fake.url, region: 'us-east-1', userPoolId: 'local_test', userPoolClientId: 'test-client' });
  setTokenProvider(async () => 'test-id-token');
  clearCsrfToken();
  // Toasts live in a module-level store; earlier tests' toasts would fill the visible limit.
  notifications.clean();
  notifications.cleanQueue();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return { queryClient, ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>) };
}
