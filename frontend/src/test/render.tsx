// Renders a component inside the app's providers (fresh query client and Jotai store) and the
// app's router over a memory history, as the app itself would.
import { act, render } from '@testing-library/react';
import { createStore } from 'jotai';
import { Suspense, useEffect, useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { onTestFinished } from 'vitest';
import { UNSAFE_createMemoryHistory, useRoutes, type RouteObject, type To } from 'react-router';
import { AppProvider } from '../app/provider';
import { createAppHistory } from '../lib/navigation/app-history';
import { HistoryRouter } from '../lib/navigation/history-router';
import { createQueryClient } from '../lib/query-client';

type Store = ReturnType<typeof createStore>;

function TestRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** The app's providers and router around `ui`, over a memory history opened at `path`. */
function inApp(
  ui: ReactElement,
  { path = '/', store = createStore() }: { path?: string; store?: Store } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const history = createAppHistory(UNSAFE_createMemoryHistory({ initialEntries: [path] }));
  const tree = (
    <AppProvider queryClient={queryClient} store={store}>
      <HistoryRouter history={history}>
        <Suspense fallback={null}>{ui}</Suspense>
      </HistoryRouter>
    </AppProvider>
  );
  return { tree, store, queryClient, history };
}

export function renderApp(
  ui: ReactElement,
  { path = '/', routes }: { path?: string; routes?: RouteObject[] } = {},
) {
  const { tree, ...app } = inApp(<TestRoutes routes={routes ?? [{ path: '*', element: ui }]} />, { path });
  const result = render(tree);
  /** A navigation as a link makes it (a blocker may hold it). */
  const navigate = (to: To, state?: unknown) => act(() => app.history.push(to, state));
  return { ...result, ...app, navigate };
}

/**
 * Clicks `selector` in a microtask after the first commit, before any effect has run; calls
 * `effectsRan` from its own effect, which React runs after those of everything inside it.
 */
function ClickBeforeEffects({
  selector,
  effectsRan,
  children,
}: {
  selector: string;
  effectsRan: () => void;
  children: ReactNode;
}) {
  useLayoutEffect(() => {
    queueMicrotask(() => document.querySelector<HTMLElement>(selector)?.click());
  }, [selector]);
  useEffect(effectsRan, [effectsRan]);
  return children;
}

/**
 * Renders `ui` as the browser does (outside act) and clicks `selector` once React has shown it
 * but before its effects run: where a tap lands on a slow phone when React answers it right after
 * hydrating a prerendered page. Resolves once the effects have run and React has rendered what
 * they set.
 */
export async function renderAndClickBeforeEffects(
  ui: ReactElement,
  selector: string,
  { store }: { store?: Store } = {},
): Promise<void> {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  onTestFinished(() => {
    root.unmount();
    container.remove();
  });
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const wasAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('React never ran the effects of the page')), 5_000);
      const effectsRan = () => {
        clearTimeout(timer);
        resolve();
      };
      const { tree } = inApp(
        <ClickBeforeEffects selector={selector} effectsRan={effectsRan}>
          {ui}
        </ClickBeforeEffects>,
        { store },
      );
      root.render(tree);
    });
    // What the effects set renders in a task of React's scheduler of its own.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasAct;
  }
}
