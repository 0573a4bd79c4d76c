// GET /api/cart?currency&country (API.md "Cart"), as a query keyed by currency and country so a
// currency change loads the cart priced anew.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { CartDto } from '@printshop/shared-events/api/cart';
import type { CurrencyCode } from '@printshop/shared-events/rules/currencies';
import { api, lastEventPosition, noteEventPosition } from '@/lib/api-client';
import { applyUnlessHeld } from '@/lib/changes-from-elsewhere';
import { cartResponseSchema } from '@/lib/mini-schemas/cart';
import { countryAtom, currencyAtom } from '@/lib/currency/currency-store';

export const CART_QUERY_ROOT = 'cart';
/** Spec 1 §9: the cache of fetched-cart keys is cleared past 20 entries. */
export const CART_KEY_LIMIT = 20;

export const cartQueryKey = (currency: CurrencyCode, country: string) =>
  [CART_QUERY_ROOT, currency, country] as const;

export function getCart(currency: CurrencyCode, country: string, signal?: AbortSignal): Promise<CartDto> {
  return api.get('/cart', { schema: cartResponseSchema, searchParams: { currency, country }, signal });
}

/** This tab's carts, loaded again (a currency change, or another tab's change). */
export function reloadCarts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [CART_QUERY_ROOT] });
}

// The shop's other tabs share this one's cart (the same cookie or account): a change made here
// must not leave them showing the old badge and lines, where a quantity change would meet a line
// already gone. One channel per tab: a BroadcastChannel never hears its own messages. The message
// carries the change's log position, so the other tab's reload waits for the read model to have it
// (X-Min-Position) instead of reading the cart as it was.
const CART_CHANNEL = 'printshop-cart';
let channel: BroadcastChannel | null | undefined;
const cartChannel = () =>
  (channel ??= typeof BroadcastChannel === 'function' ? new BroadcastChannel(CART_CHANNEL) : null);

/** Tells the other tabs the cart changed (as of the last write this tab saw). */
export function announceCartChange(): void {
  cartChannel()?.postMessage({ position: lastEventPosition() });
}

/** Reload every cart after an add, a quantity change or a removal (spec 1 §4), in every tab. */
export function refreshCart(queryClient: QueryClient): Promise<void> {
  announceCartChange();
  return reloadCarts(queryClient);
}

/** Reloads this tab's carts whenever another tab changed the cart (a payment step's wait till it is left). */
export function reloadCartsOnChangesElsewhere(queryClient: QueryClient): () => void {
  const listening = cartChannel();
  if (!listening) return () => undefined;
  const reload = (event: MessageEvent<{ position?: unknown } | null>) => {
    noteEventPosition(event.data?.position);
    applyUnlessHeld('cart', () => void reloadCarts(queryClient));
  };
  listening.addEventListener('message', reload);
  return () => listening.removeEventListener('message', reload);
}

function trimCartKeys(queryClient: QueryClient, keep: readonly unknown[]): void {
  const cached = queryClient.getQueryCache().findAll({ queryKey: [CART_QUERY_ROOT] });
  if (cached.length <= CART_KEY_LIMIT) return;
  for (const query of cached) {
    if (JSON.stringify(query.queryKey) !== JSON.stringify(keep))
      queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
  }
}

/** The cart in the chosen currency for the visitor's country. */
export function useCart() {
  const currency = useAtomValue(currencyAtom);
  const country = useAtomValue(countryAtom);
  const key = cartQueryKey(currency, country);
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal, client }) => {
      trimCartKeys(client, key);
      return getCart(currency, country, signal);
    },
    placeholderData: (previous) => previous,
  });
}
