// Loads the code of the pages a path renders (its lazy route modules), so a prerendered page
// hydrates in one pass over its server HTML instead of suspending on its chunk.
import { matchRoutes, type RouteObject } from 'react-router';
import type { LoadedRouteModule, Preloadable } from './lazy-page';

const preloadOf = (route: RouteObject) =>
  (route.element as { type?: Partial<Preloadable> } | undefined)?.type?.preload;

/** The route modules of `pathname`, loaded. */
export async function preloadRoute(routes: RouteObject[], pathname: string): Promise<LoadedRouteModule[]> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const modules = await Promise.all(matches.map(({ route }) => preloadOf(route)?.()));
  return modules.filter((module) => module !== undefined);
}
