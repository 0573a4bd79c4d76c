// Route modules load when their route first renders: a module exports `Component`, and the route
// table holds a lazy element of it. A prerendered page's module is preloaded before hydration
// (preload-route.ts): once loaded, the lazy element renders at once instead of suspending.
import { lazy, type ComponentType, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';

export interface LoadedRouteModule {
  Component: ComponentType;
}
export type RouteModule = () => Promise<LoadedRouteModule>;

export interface Preloadable {
  /** Loads the page's module (once) and resolves with it. */
  preload: () => Promise<LoadedRouteModule>;
}

export function lazyPage(load: RouteModule): ReactElement {
  let loaded: ComponentType | undefined;
  let loading: Promise<LoadedRouteModule> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.Component;
      return module;
    }));
  const LazyPage = lazy(() =>
    loaded
      ? // A thenable that resolves synchronously: React's lazy then returns the component in the
        // same render, so hydration keeps the server's HTML rather than suspending.
        ({
          then: (resolve: (module: { default: ComponentType }) => void) => resolve({ default: loaded! }),
        } as Promise<{ default: ComponentType }>)
      : preload().then((module) => ({ default: module.Component })),
  );
  const Page = Object.assign(LazyPage, { preload } satisfies Preloadable);
  return <Page />;
}

export const page = (path: string, load: RouteModule): RouteObject => ({ path, element: lazyPage(load) });
