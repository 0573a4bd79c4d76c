// The carts read model (GET /api/cart): one row per cart line, and one per cart for the loyalty
// points and the promotion code set on it. Prices are not stored: the query side prices the lines from the catalog in the
// currency asked for. Rows follow from the events alone, so a rebuild is identical. Each batch also
// notifies which carts it changed (carts-read-model.ts), for readers that keep carts in memory.
import type { Knex } from 'knex';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import {
  CART_EVENT_TYPES,
  CART_STREAM_CATEGORY,
  type CartEvent,
  type CartLineData,
} from '@printshop/shared-events/events/cart';
import {
  CART_LINES_TABLE,
  CARTS_CHANGED_CHANNEL,
  CARTS_PROJECTION,
  CARTS_READ_MODEL,
  CARTS_TABLE,
  cartsChangedPayloads,
  type CartLineRow,
  type CartRow,
} from '@printshop/shared-events/carts-read-model';
import { createTables } from '../runner/create-tables';
import type { Projection } from '../runner/projection';

/** `cart-<cartId>` -> cartId (cart ids contain '-'). */
const cartIdOf = (streamName: string) => streamName.slice(CART_STREAM_CATEGORY.length + 1);

/** Every column of the contract's row, written as Postgres takes it: jsonb as JSON text, the time as ISO. */
const lineRow = (
  cartId: string,
  line: CartLineData,
  position: number,
): Record<keyof CartLineRow, unknown> => ({
  cart_id: cartId,
  line_id: line.lineId,
  sku: line.sku,
  quantity: line.quantity,
  raw_image_id: line.rawImageId ?? null,
  cropped_image_id: line.croppedImageId,
  customization_data: line.customizationData ? JSON.stringify(line.customizationData) : null,
  strip_images: line.stripImages ? JSON.stringify(line.stripImages) : null,
  added_position: position,
  added_at: line.addedAt,
});

/** Every event but a quantity change (apply writes those in bulk). */
async function applyOne(
  event: Exclude<CartEvent, { type: 'CartItemQuantityChanged' }>,
  recorded: RecordedEvent,
  trx: Knex.Transaction,
  schema: string,
) {
  const lines = () => trx.withSchema(schema).table(CART_LINES_TABLE);
  const cartId = cartIdOf(recorded.streamName);
  const setPoints = (points: number) =>
    trx
      .withSchema(schema)
      .table(CARTS_TABLE)
      .insert({ cart_id: cartId, loyalty_points: points } satisfies Partial<CartRow>)
      .onConflict('cart_id')
      .merge();
  const setCode = (code: string | null) =>
    trx
      .withSchema(schema)
      .table(CARTS_TABLE)
      .insert({ cart_id: cartId, loyalty_points: 0, promotion_code: code } satisfies CartRow)
      .onConflict('cart_id')
      .merge(['promotion_code']);
  switch (event.type) {
    case 'CartItemAdded':
      await lines()
        .insert(lineRow(cartId, event.data, recorded.position))
        .onConflict(['cart_id', 'line_id'])
        .ignore();
      return;
    case 'CartItemRemoved':
      await lines().where({ cart_id: cartId, line_id: event.data.lineId }).delete();
      return;
    case 'GuestCartMerged':
      // Each line is the user's line as it is after the merge: new, or an existing one's new quantity.
      if (event.data.lines.length > 0) {
        await lines()
          .insert(event.data.lines.map((line) => lineRow(cartId, line, recorded.position)))
          .onConflict(['cart_id', 'line_id'])
          .merge(['quantity']);
      }
      return;
    case 'CartMergedAway':
      await lines().where({ cart_id: cartId }).delete();
      return;
    case 'LoyaltyRedemptionSet':
      await setPoints(event.data.points);
      return;
    case 'PromotionCodeApplied':
      await setCode(event.data.code);
      return;
    case 'PromotionCodeRemoved':
      await setCode(null);
      return;
    case 'CartEmptied':
      if (!event.data.lines) {
        await lines().where({ cart_id: cartId }).delete();
      } else {
        // The ordered quantities come out; a line left with none is gone (lines added since stay).
        for (const { lineId, quantity } of event.data.lines) {
          const line = () => lines().where({ cart_id: cartId, line_id: lineId });
          await line().where('quantity', '<=', quantity).delete();
          await line().decrement('quantity', quantity);
        }
      }
      await setPoints(0);
      await setCode(null);
      return;
  }
}

export const cartsProjection: Projection<CartEvent> = {
  name: CARTS_PROJECTION,
  eventTypes: CART_EVENT_TYPES,
  tables: CARTS_READ_MODEL.tables,
  async migrate(db, schema) {
    await createTables(db, schema, CARTS_READ_MODEL.tables);
    // Read models made before promotion codes lack the column.
    await db.raw('alter table ??.?? add column if not exists promotion_code text', [schema, CARTS_TABLE]);
  },
  async apply(events, trx, schema) {
    const changed = new Set<string>();
    // A burst of quantity changes (the same line clicked up, many carts at once) is written as one
    // statement at the next other event or at the end; only each line's last quantity matters.
    const quantities = new Map<string, { cartId: string; lineId: string; quantity: number }>();
    const writeQuantities = async () => {
      if (quantities.size === 0) return;
      const rows = [...quantities.values()];
      quantities.clear();
      await trx.raw(
        `update ??.?? as l set quantity = v.quantity
           from (values ${rows.map(() => '(?, ?, ?::integer)').join(', ')}) as v(cart_id, line_id, quantity)
          where l.cart_id = v.cart_id and l.line_id = v.line_id`,
        [schema, CART_LINES_TABLE, ...rows.flatMap((row) => [row.cartId, row.lineId, row.quantity])],
      );
    };
    for (const recorded of events) {
      const event = recorded;
      const cartId = cartIdOf(recorded.streamName);
      changed.add(cartId);
      if (event.type === 'CartItemQuantityChanged') {
        const { lineId, quantity } = event.data;
        quantities.set(`${cartId}\n${lineId}`, { cartId, lineId, quantity });
        continue;
      }
      await writeQuantities();
      await applyOne(event, recorded, trx, schema);
    }
    await writeQuantities();
    if (events.length === 0) return;
    for (const payload of cartsChangedPayloads(changed, events[events.length - 1]!.position)) {
      await trx.raw('select pg_notify(?, ?)', [CARTS_CHANGED_CHANNEL, payload]);
    }
  },
};
