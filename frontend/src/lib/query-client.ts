// The data-query client (spec 1 §4): one retry, no refetch when the window regains focus.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A 4xx answer will not change on a second try; anything else (network, 5xx) gets one more go. */
const retryOnce = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryOnce, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
