// False on the server and while React hydrates a prerendered page, true afterwards (and at once in
// a page rendered in the browser only). What the browser alone knows (the saved currency, the
// signed-in user, the page's origin) waits for it, so hydration finds the HTML it rendered and
// React then updates it.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
