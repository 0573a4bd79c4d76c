// A part of the page whose code is fetched when it first shows (a menu panel, a picker): `/`
// downloads only what a visitor sees before doing anything. preload() starts the fetch early, on
// the hover or focus that usually comes before the click (a failed early fetch is tried again when
// the part opens).
import { lazy, type ComponentType } from 'react';

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchPart = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Part = lazy(async () => ({ default: await fetchPart() }));
  const preload = () => void fetchPart().catch(() => undefined);
  return Object.assign(Part, { preload });
}
