// Route modules load when their route first renders: a module exports `Component`, and the route
// table holds a lazy element of it.
import { lazy, type ComponentType, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';

export type RouteModule = () => Promise<{ Component: ComponentType }>;

export function lazyPage(load: RouteModule): ReactElement {
  const Page = lazy(async () => ({ default: (await load()).Component }));
  return <Page />;
}

export const page = (path: string, load: RouteModule): RouteObject => ({ path, element: lazyPage(load) });
