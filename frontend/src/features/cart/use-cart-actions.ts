// What the cart page (and later the product pages) do to the cart, with the messages of spec 1 §8:
// 'Failed to …' when the server answers without success (its own message preferred), 'An error
// occurred …' when the call fails. The cart is reloaded after every change, failed or not
// (spec 1 §4), so the page always shows what the server holds. A quantity of 0 or less removes.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { failureMessage, serverAnswered } from '@/lib/server-message';
import { addCartItem, type AddCartItemInput } from '@/lib/cart-add';
import { removeCartItem, updateCartItem } from './api/change-cart';
import { refreshCart } from '@/lib/cart/get-cart';
import { CART_MESSAGES as M } from '@/lib/cart/cart-messages';

export interface CartActions {
  /** The last failure's sentence, null after a success. */
  error: string | null;
  clearError(): void;
  /** The line being changed ('all' while removing several), null when idle. */
  busy: string | null;
  addItem(input: AddCartItemInput): Promise<boolean>;
  updateQuantity(id: string, quantity: number): Promise<boolean>;
  removeItem(id: string): Promise<boolean>;
  removeItems(ids: readonly string[]): Promise<boolean>;
}

export function useCartActions(): CartActions {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = useCallback(
    async (key: string, change: () => Promise<unknown>, failed: string, crashed: string) => {
      setBusy(key);
      setError(null);
      try {
        await change();
        return true;
      } catch (caught) {
        // A refused session is said once, above the page (SessionEndedNotice), not here too.
        if (!(caught instanceof ApiError && caught.status === 401))
          setError(failureMessage(caught, failed, crashed));
        return false;
      } finally {
        setBusy(null);
        await refreshCart(queryClient);
      }
    },
    [queryClient],
  );

  const removeItem = useCallback(
    (id: string) => run(id, () => removeCartItem(id), M.removeFailed, M.removeError),
    [run],
  );

  const updateQuantity = useCallback(
    (id: string, quantity: number) =>
      quantity <= 0
        ? removeItem(id)
        : run(id, () => updateCartItem(id, quantity), M.updateFailed, M.updateError),
    [run, removeItem],
  );

  const addItem = useCallback(
    (input: AddCartItemInput) => run('new', () => addCartItem(input), M.addFailed, M.addError),
    [run],
  );

  /** Removes each line in turn; a line the server refuses is named, a failed call stops the rest. */
  const removeItems = useCallback(
    async (ids: readonly string[]) => {
      setBusy('all');
      setError(null);
      const refused: string[] = [];
      try {
        for (const id of ids) {
          try {
            await removeCartItem(id);
          } catch (caught) {
            if (!serverAnswered(caught)) throw caught;
            refused.push(M.removeOneFailed(id));
          }
        }
        if (refused.length > 0) setError(refused.join(' '));
        return refused.length === 0;
      } catch {
        setError(M.removeManyError);
        return false;
      } finally {
        setBusy(null);
        await refreshCart(queryClient);
      }
    },
    [queryClient],
  );

  const clearError = useCallback(() => setError(null), []);
  return useMemo(
    () => ({ error, clearError, busy, addItem, updateQuantity, removeItem, removeItems }),
    [error, clearError, busy, addItem, updateQuantity, removeItem, removeItems],
  );
}
