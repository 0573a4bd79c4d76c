// The cart writes of the upload pages (API.md "Cart"): one line per cropped image, or one strip line
// with its photos per slot. The answers' items are not needed here; the caller refreshes the cart.
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const addedSchema = z.object({ item: z.object({ id: z.string() }).loose() }).loose();

export interface CartLineInput {
  sku: string;
  quantity: number;
  rawImageId: string;
  croppedImageId: string;
  event_id: string;
}

export async function addImageToCart(input: CartLineInput): Promise<void> {
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
