// The storefront: providers around the router. The first page's code loads behind a spinner; later
// navigations keep the current page until the next one is ready (HistoryRouter).
import { Suspense } from 'react';
import { UNSAFE_createBrowserHistory } from 'react-router';
import { Spinner } from '../components/spinner';
import { createAppHistory } from '../lib/navigation/app-history';
import { HistoryRouter } from '../lib/navigation/history-router';
import { AppProvider } from './provider';
import { RouteErrorBoundary } from './route-error';
import { AppRoutes } from './router';

const history = createAppHistory(UNSAFE_createBrowserHistory());

export function App() {
  return (
    <AppProvider>
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
