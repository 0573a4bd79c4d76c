// Renders a component inside the app's providers (fresh query client and Jotai store) and a
// memory router, as the app itself would.
import { render } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '../app/provider';
import { createQueryClient } from '../lib/query-client';

export function renderApp(
  ui: ReactElement,
  { path = '/', routes }: { path?: string; routes?: RouteObject[] } = {},
) {
  const store = createStore();
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const router = createMemoryRouter(routes ?? [{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <AppProvider queryClient={queryClient} store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, store, queryClient, router };
}
