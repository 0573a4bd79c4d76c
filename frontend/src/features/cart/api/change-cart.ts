// The cart's writes (API.md "Cart"): change a quantity, remove a line (adding one is the shared
// lib/cart-add.ts). Each answer is parsed; the caller reloads the cart afterwards (spec 1 §4).
import { updateCartItemResponseSchema } from '@printshop/shared-events/api/cart';
import { okSchema } from '@printshop/shared-events/api/common';
import { api } from '@/lib/api-client';

export function updateCartItem(id: string, quantity: number) {
  return api.put(`/cart/item/${encodeURIComponent(id)}`, {
    schema: updateCartItemResponseSchema,
    json: { quantity },
  });
}

export function removeCartItem(id: string) {
  return api.delete(`/cart/item/${encodeURIComponent(id)}`, { schema: okSchema });
}
