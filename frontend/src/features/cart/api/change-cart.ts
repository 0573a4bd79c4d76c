// The cart's writes (API.md "Cart"): add a line, change a quantity, remove a line. Each answer is
// parsed; the caller reloads the cart afterwards (spec 1 §4).
import type { z } from 'zod';
import {
  cartItemResponseSchema,
  updateCartItemResponseSchema,
  type CartItemDto,
  type customizationDataSchema,
} from '@printshop/shared-events/api/cart';
import { okSchema } from '@printshop/shared-events/api/common';
import { api } from '../../../lib/api-client';

export interface AddCartItemInput {
  sku: string;
  quantity: number;
  croppedImageId: string;
  rawImageId?: string;
  event_id?: string;
  customizationData?: z.input<typeof customizationDataSchema>;
}

export async function addCartItem(input: AddCartItemInput): Promise<CartItemDto> {
  const answer = await api.post('/cart/item', { schema: cartItemResponseSchema, json: input });
  return answer.item;
}

export function updateCartItem(id: string, quantity: number) {
  return api.put(`/cart/item/${encodeURIComponent(id)}`, {
    schema: updateCartItemResponseSchema,
    json: { quantity },
  });
}

export function removeCartItem(id: string) {
  return api.delete(`/cart/item/${encodeURIComponent(id)}`, { schema: okSchema });
}
