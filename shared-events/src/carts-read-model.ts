// The contract between the carts projection and GET /api/cart: the tables of schema `rm_carts` and
// the notification that tells readers which carts a committed batch changed, so they can keep carts
// in memory and drop exactly those (CartReadCache in query-service/src/cart/cart-routes.ts).
import type { CartLineData } from './events/cart';
import type { ReadModel } from './read-models';

export const CARTS_PROJECTION = 'carts';
export const CART_LINES_TABLE = 'cart_lines';
export const CARTS_TABLE = 'carts';

/** The tables: one row per cart line, one per cart for the loyalty points and promotion code set on it. */
export const CARTS_READ_MODEL: ReadModel = {
  name: CARTS_PROJECTION,
  tables: [
    {
      name: CART_LINES_TABLE,
      primaryKey: ['cart_id', 'line_id'],
      columns: `
         cart_id text not null,
         line_id text not null,
         sku text not null,
         quantity integer not null check (quantity > 0),
         raw_image_id text,
         cropped_image_id text not null,
         customization_data jsonb,
         strip_images jsonb,
         added_position bigint not null,
         added_at timestamptz not null,
         primary key (cart_id, line_id)
       `,
    },
    {
      name: CARTS_TABLE,
      primaryKey: ['cart_id'],
      columns: `
         cart_id text primary key,
         loyalty_points integer not null check (loyalty_points >= 0),
         promotion_code text
       `,
    },
  ],
};

/** A cart line as read (bigint columns arrive from Postgres as strings, jsonb as its value). */
export interface CartLineRow {
  cart_id: string;
  line_id: string;
  sku: string;
  quantity: number;
  raw_image_id: string | null;
  cropped_image_id: string;
  customization_data: NonNullable<CartLineData['customizationData']> | null;
  strip_images: NonNullable<CartLineData['stripImages']> | null;
  added_position: string | number;
  added_at: Date;
}

/** A cart's own row as read: the loyalty points and the promotion code set on it. */
export interface CartRow {
  cart_id: string;
  loyalty_points: number;
  promotion_code: string | null;
}

/** Postgres NOTIFY channel; sent inside the batch's transaction, so it arrives once it committed. */
export const CARTS_CHANGED_CHANNEL = 'rm_carts_changed';

export interface CartsChanged {
  carts: string[];
  /** Set on the last notification of a batch: the global position of its last cart event. */
  through?: number;
}

/** Postgres refuses payloads of 8,000 bytes or more. */
const MAX_PAYLOAD = 7_000;

/** The notifications of one batch: its cart ids in chunks that fit a payload, `through` on the last. */
export function cartsChangedPayloads(cartIds: Iterable<string>, through: number): string[] {
  const payloads: string[] = [];
  let chunk: string[] = [];
  let size = 0;
  for (const id of cartIds) {
    if (size + id.length + 3 > MAX_PAYLOAD && chunk.length > 0) {
      payloads.push(JSON.stringify({ carts: chunk } satisfies CartsChanged));
      chunk = [];
      size = 0;
    }
    chunk.push(id);
    size += id.length + 3;
  }
  payloads.push(JSON.stringify({ carts: chunk, through } satisfies CartsChanged));
  return payloads;
}
