// What every screen runs inside: the data-query client and the client-state store, with the API
// client told where the signed-in token lives and what a refused one means: the session ended while
// the shop was open (signed out elsewhere, password changed, revoked), so the app carries on as a
// guest, as after a sign-out in another tab, and says so (SessionEndedNotice).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, getDefaultStore } from 'jotai';
import type { ReactNode } from 'react';
import { configureApiClient } from '../lib/api-client';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { sessionAtom, sessionEndedAtom, setSessionAtom } from '@/lib/session/session-store';

type Store = ReturnType<typeof getDefaultStore>;

export function AppProvider({
  children,
  queryClient = defaultQueryClient,
  store = getDefaultStore(),
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  store?: Store;
}) {
  configureApiClient({
    getToken: () => store.get(sessionAtom)?.token,
    onSessionRefused: (token) => {
      if (store.get(sessionAtom)?.token !== token) return;
      store.set(setSessionAtom, null);
      store.set(sessionEndedAtom, true);
      // After the refused call has settled: the account's data goes, and pages read again as a guest.
      setTimeout(() => void queryClient.resetQueries());
    },
  });
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>{children}</JotaiProvider>
    </QueryClientProvider>
  );
}
