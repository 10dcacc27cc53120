import type { ReactNode } from 'react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderWithQuery } from './render-with-query.tsx';

/** Renders a page as the only route of an in-memory router (for pages that navigate). */
export function renderRoute(Page: () => ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: Page }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return { router, ...renderWithQuery(<RouterProvider router={router} />) };
}
