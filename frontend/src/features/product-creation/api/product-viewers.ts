// "N people viewing" (spec 2 §2): the page's heartbeat, POST /api/products/:sku/viewers, every
// VIEWERS_HEARTBEAT_MS while the tab is visible (React Query stops a hidden tab's interval and
// sends one on its return), once hydrated. The figure is shown only when others are there too and
// the last heartbeat was answered: after a failed one (429, offline) there is no figure, since an
// old one may no longer be true, and no error either, since it is not worth one.
// The first heartbeat waits for the page's cart read (the header's badge; the same query, no
// second call): that read gives a new guest their session cookie, and a heartbeat sent before it
// would count them once by address and again, at the next beat, by session, so a shopper alone
// would be told "2 people viewing".
import { useQuery } from '@tanstack/react-query';
import {
  productViewersResponseSchema,
  shownViewers,
  VIEWERS_HEARTBEAT_MS,
} from '@printshop/shared-events/api/viewers';
import { api } from '@/lib/api-client';
import { useCart } from '@/lib/cart/get-cart';
import { useHydrated } from '@/lib/use-hydrated';

/** How many shoppers have this product's page open, when it is 2 or more; else undefined. */
export function useProductViewers(sku: string): number | undefined {
  const hydrated = useHydrated();
  const cartRead = useCart().isFetched;
  const { data, isError } = useQuery({
    queryKey: ['product-viewers', sku],
    queryFn: async ({ signal }) =>
      (
        await api.post(`/products/${encodeURIComponent(sku)}/viewers`, {
          schema: productViewersResponseSchema,
          signal,
        })
      ).viewers,
    enabled: hydrated && cartRead,
    staleTime: 0,
    refetchInterval: VIEWERS_HEARTBEAT_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
  return isError ? undefined : shownViewers(data);
}
