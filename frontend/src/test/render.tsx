// Renders a component inside the app's providers (fresh query client and Jotai store) and the
// app's router over a memory history, as the app itself would.
import { act, render } from '@testing-library/react';
import { createStore } from 'jotai';
import { Suspense, useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { onTestFinished } from 'vitest';
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

/** Clicks `selector` in a microtask after the first commit: before any effect has run. */
function ClickBeforeEffects({ selector, children }: { selector: string; children: ReactNode }) {
  useLayoutEffect(() => {
    queueMicrotask(() => document.querySelector<HTMLElement>(selector)?.click());
  }, [selector]);
  return children;
}

/**
 * Renders `ui` as the browser does (outside act) and clicks `selector` once React has shown it
 * but before its effects run: where a tap lands on a slow phone when React answers it right after
 * hydrating a prerendered page. Resolves once React has settled.
 */
export async function renderAndClickBeforeEffects(
  ui: ReactElement,
  selector: string,
  { store = createStore() }: { store?: ReturnType<typeof createStore> } = {},
): Promise<void> {
  const container = document.body.appendChild(document.createElement('div'));
  const history = createAppHistory(UNSAFE_createMemoryHistory({ initialEntries: ['/'] }));
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const wasAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  const root = createRoot(container);
  onTestFinished(() => {
    root.unmount();
    container.remove();
  });
  try {
    root.render(
      <AppProvider queryClient={createQueryClient()} store={store}>
        <HistoryRouter history={history}>
          <ClickBeforeEffects selector={selector}>{ui}</ClickBeforeEffects>
        </HistoryRouter>
      </AppProvider>,
    );
    // React's scheduler runs the commit, the click and the effects in tasks of its own.
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasAct;
  }
}
