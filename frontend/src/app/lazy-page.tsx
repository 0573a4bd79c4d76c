// Route modules load when their route first renders: a module exports `Component`, and the route
// table holds a lazy element of it. A prerendered page's module is preloaded before hydration
// (preload-route.ts): once loaded, the lazy element renders at once instead of suspending.
import { lazy, type ComponentType, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';

export type RouteModule = () => Promise<{ Component: ComponentType }>;

export interface Preloadable {
  preload: () => Promise<unknown>;
}

export function lazyPage(load: RouteModule): ReactElement {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => (loading ??= load().then((module) => (loaded = module.Component)));
  const LazyPage = lazy(() =>
    loaded
      ? // A thenable that resolves synchronously: React's lazy then returns the component in the
        // same render, so hydration keeps the server's HTML rather than suspending.
        ({
          then: (resolve: (module: { default: ComponentType }) => void) => resolve({ default: loaded! }),
        } as Promise<{
          default: ComponentType;
        }>)
      : preload().then((Component) => ({ default: Component })),
  );
  const Page = Object.assign(LazyPage, { preload } satisfies Preloadable);
  return <Page />;
}

export const page = (path: string, load: RouteModule): RouteObject => ({ path, element: lazyPage(load) });
