// Renders a component inside the app's providers (fresh query client and Jotai store) and the
// app's router over a memory history, as the app itself would.
import { act, render } from '@testing-library/react';
import { createStore } from 'jotai';
import { Suspense, type ReactElement } from 'react';
import { UNSAFE_createMemoryHistory, useRoutes, type RouteObject, type To } from 'react-router';
import { AppProvider } from '../app/provider';
import { createAppHistory } from '../lib/navigation/app-history';
import { HistoryRouter } from '../lib/navigation/history-router';
import { createQueryClient } from '../lib/query-client';

function TestRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export function renderApp(
  ui: ReactElement,
  { path = '/', routes }: { path?: string; routes?: RouteObject[] } = {},
) {
  const store = createStore();
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const history = createAppHistory(UNSAFE_createMemoryHistory({ initialEntries: [path] }));
  const result = render(
    <AppProvider queryClient={queryClient} store={store}>
      <HistoryRouter history={history}>
        <Suspense fallback={null}>
          <TestRoutes routes={routes ?? [{ path: '*', element: ui }]} />
        </Suspense>
      </HistoryRouter>
    </AppProvider>,
  );
  /** A navigation as a link makes it (a blocker may hold it). */
  const navigate = (to: To, state?: unknown) => act(() => history.push(to, state));
  return { ...result, store, queryClient, history, navigate };
}
