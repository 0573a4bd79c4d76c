// The header's cart state (spec 1 §3 "Cart client state"): total quantity and a loading flag.
// `currencyChanged` reloads the cart (spec 1 §4), and so does a change made in another tab.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CURRENCY_CHANGED_EVENT } from '@/lib/currency/currency-store';
import { reloadCarts, reloadCartsOnChangesElsewhere, useCart } from '@/lib/cart/get-cart';

export interface CartCount {
  count: number;
  loading: boolean;
}

export function useCartCount(): CartCount {
  const cart = useCart();
  const count = cart.data
    ? cart.data.totalQuantity || cart.data.items.reduce((sum, item) => sum + item.quantity, 0)
    : 0;
  return { count, loading: cart.isPending || (cart.isFetching && cart.isPlaceholderData) };
}

export function useCartRefreshOnCurrencyChange(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void reloadCarts(queryClient);
    globalThis.addEventListener(CURRENCY_CHANGED_EVENT, refresh);
    return () => globalThis.removeEventListener(CURRENCY_CHANGED_EVENT, refresh);
  }, [queryClient]);
}

export function useCartRefreshOnChangesElsewhere(): void {
  const queryClient = useQueryClient();
  useEffect(() => reloadCartsOnChangesElsewhere(queryClient), [queryClient]);
}
