// "N people viewing" (spec 2 §2): the page's heartbeat, POST /api/products/:sku/viewers, every
// VIEWERS_HEARTBEAT_MS while the tab is visible (React Query stops a hidden tab's interval and
// sends one on its return), once hydrated. The figure is shown only when others are there too; a
// failed heartbeat (429, offline) keeps the last figure or none: it is never worth an error.
import { useQuery } from '@tanstack/react-query';
import {
  productViewersResponseSchema,
  shownViewers,
  VIEWERS_HEARTBEAT_MS,
} from '@printshop/shared-events/api/viewers';
import { api } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';

/** How many shoppers have this product's page open, when it is 2 or more; else undefined. */
export function useProductViewers(sku: string): number | undefined {
  const hydrated = useHydrated();
  const { data } = useQuery({
    queryKey: ['product-viewers', sku],
    queryFn: async ({ signal }) =>
      (
        await api.post(`/products/${encodeURIComponent(sku)}/viewers`, {
          schema: productViewersResponseSchema,
          signal,
        })
      ).viewers,
    enabled: hydrated,
    staleTime: 0,
    refetchInterval: VIEWERS_HEARTBEAT_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
  return shownViewers(data);
}
