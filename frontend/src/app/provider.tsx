// What every screen runs inside: the data-query client and the client-state store, with the API
// client told where the signed-in token lives.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, getDefaultStore } from 'jotai';
import type { ReactNode } from 'react';
import { configureApiClient } from '../lib/api-client';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { sessionAtom } from '@/lib/session/session-store';

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
  configureApiClient({ getToken: () => store.get(sessionAtom)?.token });
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>{children}</JotaiProvider>
    </QueryClientProvider>
  );
}
