// Loads the code of the pages a path renders (its lazy route modules), so a prerendered page
// hydrates in one pass over its server HTML instead of suspending on its chunk.
import { matchRoutes, type RouteObject } from 'react-router';
import type { Preloadable } from './lazy-page';

const preloadOf = (route: RouteObject) =>
  (route.element as { type?: Partial<Preloadable> } | undefined)?.type?.preload;

export async function preloadRoute(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => preloadOf(route)?.()));
}
