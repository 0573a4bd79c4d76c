// The carts read model writes a batch's quantity changes in bulk: a batch applied at once must leave
// exactly the rows that applying its events one by one leaves.
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartsProjection } from '@printshop/projections/carts/carts-projection';
import type { Recorded } from '@printshop/shared-events/event-store';
import { cartStreamName, type CartEvent, type CartLineData } from '@printshop/shared-events/events/cart';
import { createDb } from '@printshop/infra/postgres/db';
import { createTestDatabase, type TestDatabase } from '@printshop/test/support/database';

let database: TestDatabase;
let db: Knex;

beforeAll(async () => {
  database = await createTestDatabase('carts_projection');
  db = createDb(database.url);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const at = '2025-03-01T10:00:00.000Z';
const line = (lineId: string, quantity: number): CartLineData => ({
  lineId,
  sku: 'POSTERA4',
  quantity,
  croppedImageId: `image-${lineId}`,
  addedAt: at,
});

/** The events of a busy moment on two carts, in log order. */
function history(): Array<Recorded<CartEvent>> {
  const events: Array<[string, CartEvent]> = [
    ['g-ann', { type: 'CartItemAdded', data: line('a1', 1) }],
    ['g-ann', { type: 'CartItemQuantityChanged', data: { lineId: 'a1', quantity: 3 } }],
    ['g-bob', { type: 'CartItemAdded', data: line('b1', 2) }],
    ['g-ann', { type: 'CartItemQuantityChanged', data: { lineId: 'a1', quantity: 5 } }],
    ['g-bob', { type: 'CartItemQuantityChanged', data: { lineId: 'b1', quantity: 4 } }],
    // removed after its changes, then a change of a line that is gone (nothing to write)
    ['g-ann', { type: 'CartItemRemoved', data: { lineId: 'a1' } }],
    ['g-ann', { type: 'CartItemQuantityChanged', data: { lineId: 'a1', quantity: 9 } }],
    ['g-ann', { type: 'CartItemAdded', data: line('a2', 1) }],
    ['g-ann', { type: 'CartItemQuantityChanged', data: { lineId: 'a2', quantity: 7 } }],
    ['g-bob', { type: 'LoyaltyRedemptionSet', data: { points: 500 } }],
    ['g-bob', { type: 'CartItemQuantityChanged', data: { lineId: 'b1', quantity: 6 } }],
    ['g-bob', { type: 'CartItemQuantityChanged', data: { lineId: 'b1', quantity: 8 } }],
    // a guest cart merged in: b1 is now the sum, whatever quantity changes came just before
    [
      'g-bob',
      { type: 'GuestCartMerged', data: { fromCartId: 'g-guest', moveId: 'move-1', lines: [line('b1', 10)] } },
    ],
  ];
  return events.map(([cartId, event], i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    ...event,
    metadata: {},
    streamName: cartStreamName(cartId),
    revision: i,
    position: i + 1,
    recordedAt: new Date(at),
  }));
}

async function project(schema: string, batches: Array<Array<Recorded<CartEvent>>>) {
  await db.raw('create schema ??', [schema]);
  await cartsProjection.migrate(db, schema);
  for (const batch of batches) await db.transaction((trx) => cartsProjection.apply(batch, trx, schema));
  return {
    lines: await db.withSchema(schema).table('cart_lines').orderBy(['cart_id', 'line_id']).select(),
    carts: await db.withSchema(schema).table('carts').orderBy('cart_id').select(),
  };
}

it('given quantity changes among other events, when applied as one batch, then the rows equal applying them one by one', async () => {
  // given the same history, once as a single batch and once an event per batch
  const events = history();
  // when
  const batched = await project('carts_batched', [events]);
  const oneByOne = await project(
    'carts_one_by_one',
    events.map((event) => [event]),
  );
  // then
  expect(batched).toEqual(oneByOne);
  expect(
    batched.lines.map((row: { line_id: string; quantity: number }) => [row.line_id, row.quantity]),
  ).toEqual([
    ['a2', 7],
    ['b1', 10],
  ]);
  expect(batched.carts).toEqual([{ cart_id: 'g-bob', loyalty_points: 500, promotion_code: null }]);
});
