// The build's server entry (build-plugins/prerender.ts renders each public page with it): the same
// app as main.tsx, over a memory history at the page's path, with a fresh query cache and store so
// nothing of one page's render leaks into the next. Whatever needs the API renders its loading or
// default state; prerender() waits for the lazy route modules.
import { QueryClient } from '@tanstack/react-query';
import { SHOP_ORIGIN_TOKEN } from '@printshop/shared-events/shop-origin';
import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { UNSAFE_createMemoryHistory } from 'react-router';
import { App } from '../app/app';
import { preloadRoute } from '../app/preload-route';
import { routes } from '../app/router';
import { PRICE_GUARD_SCRIPT } from '../lib/currency/price-guard';
import { EARLY_TAPS_SCRIPT } from '../lib/early-taps';
import { createAppHistory } from '../lib/navigation/app-history';
import { setPrerenderOrigin } from '../lib/site';

// The gateway puts the shop's address in its place (shop-origin.ts).
setPrerenderOrigin(SHOP_ORIGIN_TOKEN);

export { PRERENDERED_PATHS } from './prerendered-paths';
/** The inline script each page's <head> starts with (build-plugins/prerender.ts). */
export const HEAD_SCRIPT = `${PRICE_GUARD_SCRIPT};${EARLY_TAPS_SCRIPT}`;

/** What the server build adds to each route module: its source file (build-plugins/prerender.ts). */
export const MODULE_ID = '__moduleId';

export interface RenderedPage {
  /** The app's HTML at the path, as it goes inside #root (its head tags first). */
  html: string;
  /** The source files of the route modules it shows (the build adds their chunks and CSS). */
  modules: string[];
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const modules = await preloadRoute(routes, path);
  const history = createAppHistory(UNSAFE_createMemoryHistory({ initialEntries: [path] }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <App history={history} queryClient={queryClient} store={createStore()} />
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  const html = await new Response(prelude).text();
  // A part that failed would be rendered by the browser instead: the build says so and stops.
  if (errors.length) throw new AggregateError(errors, `prerendering ${path} failed`);
  if (history.location.pathname !== path)
    throw new Error(`${path} redirects to ${history.location.pathname}`);
  const ids = modules.map((module) => (module as { [MODULE_ID]?: string })[MODULE_ID]);
  return { html, modules: ids.filter((id) => id !== undefined) };
}
