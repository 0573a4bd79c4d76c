// The shop's one cart-add client (API.md "Cart"), for the cart, the upload pages and the collage
// pages: a line (a cropped picture, or a collage with its slots in `customizationData`), or a strip
// line with its photos per slot. The answers' items are not needed: the caller refreshes the cart
// (spec 1 §4), so only the new line's id is checked.
import { z } from 'zod';
import type { customizationDataSchema } from '@printshop/shared-events/api/cart';
import { api } from './api-client';

const addedSchema = z.object({ item: z.object({ id: z.string() }).loose() }).loose();

export interface AddCartItemInput {
  sku: string;
  quantity: number;
  croppedImageId: string;
  rawImageId?: string;
  event_id?: string;
  customizationData?: z.input<typeof customizationDataSchema>;
}

export async function addCartItem(input: AddCartItemInput): Promise<void> {
  await api.post('/cart/item', { schema: addedSchema, json: input });
}

export interface StripLineInput {
  sku: string;
  quantity: number;
  croppedImageId: string;
  images: Array<{ imageId: string; slot: number }>;
  event_id: string;
}

export async function addStripToCart(input: StripLineInput): Promise<void> {
  await api.post('/cart/photostrips', { schema: addedSchema, json: input });
}
