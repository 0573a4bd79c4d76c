// The storefront: providers around the router. The first page's code loads behind a spinner; later
// navigations keep the current page until the next one is ready (HistoryRouter). The history is
// given: the browser's in main.tsx, a memory one when pages are prerendered at build.
import type { QueryClient } from '@tanstack/react-query';
import type { getDefaultStore } from 'jotai';
import { Suspense, useEffect } from 'react';
import { Spinner } from '../components/spinner';
import type { AppHistory } from '../lib/navigation/app-history';
import { HistoryRouter } from '../lib/navigation/history-router';
import { AppProvider } from './provider';
import { RouteErrorBoundary } from './route-error';
import { AppRoutes } from './router';

export interface AppProps {
  history: AppHistory;
  queryClient?: QueryClient;
  store?: ReturnType<typeof getDefaultStore>;
}

export function App({ history, queryClient, store }: AppProps) {
  // Says the app has taken the page over (a prerendered page's HTML answers taps from here): the
  // journeys wait for it.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return (
    <AppProvider queryClient={queryClient} store={store}>
      <HistoryRouter history={history}>
        <RouteErrorBoundary>
          <Suspense fallback={<Spinner page />}>
            <AppRoutes />
          </Suspense>
        </RouteErrorBoundary>
      </HistoryRouter>
    </AppProvider>
  );
}
