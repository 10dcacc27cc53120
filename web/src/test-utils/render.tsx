import type { ReactNode } from 'react';
import { render as rtlRender } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { theme } from '../theme.ts';

/** Renders inside the app's MantineProvider (test env: no transitions) with the toast host. */
export function render(ui: ReactNode) {
  return rtlRender(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      {ui}
    </MantineProvider>,
  );
}
