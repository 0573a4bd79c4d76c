// mergeGuestCart against the real Postgres event store: both streams get their events, nothing is
// lost or doubled when it runs twice at once or after a merge cut off half-way, and the carts
// projection rebuilt from those events shows the same carts the command side holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEvents } from '@printshop/shared-events/all-events';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import { fold } from '@printshop/shared-events/decider';
import {
  cartStreamName,
  guestCartId,
  userCartId,
  type CartEvent,
} from '@printshop/shared-events/events/cart';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { runCartCommand } from '@printshop/command-service/cart/router';
import { mergeGuestCart } from '@printshop/command-service/cart/merge-guest-cart';
import { cartDecider, type CartCommand } from '@printshop/command-service/cart/decide';
import { cartsProjection } from '@printshop/projections/carts/carts-projection';
import { rebuildProjection } from '@printshop/projections/runner/rebuild';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';

let t: TestStore;
beforeAll(async () => {
  t = await createTestStore('cart_merge', { registry: new EventRegistry(allEvents) });
});
afterAll(async () => {
  await t?.close();
});

const at = '2025-03-01T10:00:00.000Z';
const now = () => new Date(at);
let ids = 0;
const newId = () => `id-${++ids}`;
const metadata = { actor: 'test', at };

const addTo = (cartId: string, sku: string, quantity: number, croppedImageId: string) =>
  runCartCommand(
    t.store,
    cartId,
    { type: 'AddItem', data: { lineId: newId(), sku, quantity, croppedImageId, at } } satisfies CartCommand,
    metadata,
  );

/** The cart as the command side folds it: [sku, image, quantity] per line. */
async function cartLines(cartId: string) {
  const events = await t.store.readStream(cartStreamName(cartId));
  const state = fold(cartDecider, events as unknown as CartEvent[]);
  return state.lines.map((l) => [l.sku, l.croppedImageId, l.quantity]);
}

describe('mergeGuestCart', () => {
  it('moves the guest lines into the user cart, adding quantities of the same line, and empties the guest cart', async () => {
    const guest = guestCartId('session-a');
    const user = userCartId('user-a');
    await addTo(user, 'POSTERA4', 3, 'img-1');
    await addTo(guest, 'POSTERA4', 4, 'img-1');
    await addTo(guest, '4X6PHOTOPRINT', 2, 'img-2');

    const { position } = await mergeGuestCart({
      store: t.store,
      guestSession: 'session-a',
      userId: 'user-a',
      now,
      newId,
    });
    expect(position).toBeGreaterThan(0);
    expect(await cartLines(user)).toEqual([
      ['POSTERA4', 'img-1', 7],
      ['4X6PHOTOPRINT', 'img-2', 2],
    ]);
    expect(await cartLines(guest)).toEqual([]);
    const guestEvents = await t.store.readStream(cartStreamName(guest));
    expect(guestEvents.at(-1)).toMatchObject({ type: 'CartMergedAway', data: { intoCartId: user } });
    const userEvents = await t.store.readStream(cartStreamName(user));
    expect(userEvents.at(-1)).toMatchObject({ type: 'GuestCartMerged', data: { fromCartId: guest } });
  });

  it('merges once when called twice at the same time', async () => {
    const guest = guestCartId('session-b');
    const user = userCartId('user-b');
    await addTo(guest, 'POSTERA3', 5, 'img-3');
    await Promise.all([
      mergeGuestCart({ store: t.store, guestSession: 'session-b', userId: 'user-b', now, newId }),
      mergeGuestCart({ store: t.store, guestSession: 'session-b', userId: 'user-b', now, newId }),
    ]);
    await mergeGuestCart({ store: t.store, guestSession: 'session-b', userId: 'user-b', now, newId });
    expect(await cartLines(user)).toEqual([['POSTERA3', 'img-3', 5]]);
  });

  it('completes a merge that stopped after the guest cart moved its lines', async () => {
    const guest = guestCartId('session-c');
    const user = userCartId('user-c');
    await addTo(guest, 'POSTER1218', 2, 'img-4');
    // The first half only, as if the process died before the user cart was written.
    await runCartCommand(
      t.store,
      guest,
      { type: 'MoveLinesAway', data: { intoCartId: user, moveId: 'cut-off' } },
      metadata,
    );
    expect(await cartLines(user)).toEqual([]);

    await addTo(guest, 'POSTERA4', 1, 'img-5');
    await mergeGuestCart({ store: t.store, guestSession: 'session-c', userId: 'user-c', now, newId });
    expect(await cartLines(user)).toEqual([
      ['POSTER1218', 'img-4', 2],
      ['POSTERA4', 'img-5', 1],
    ]);
    await mergeGuestCart({ store: t.store, guestSession: 'session-c', userId: 'user-c', now, newId });
    expect(await cartLines(user)).toHaveLength(2);
  });

  it('writes nothing for an empty guest cart', async () => {
    const before = await t.store.headPosition();
    const { position } = await mergeGuestCart({
      store: t.store,
      guestSession: 'nobody',
      userId: 'user-d',
      now,
      newId,
    });
    expect(position).toBeUndefined();
    expect(await t.store.headPosition()).toBe(before);
  });

  it('is what the carts projection shows, rebuilt from the log', async () => {
    await rebuildProjection({ db: t.db, store: t.store, projection: cartsProjection });
    const rows = await t.db
      .withSchema(readModelSchema('carts'))
      .table('cart_lines')
      .select('cart_id', 'sku', 'cropped_image_id', 'quantity')
      .orderBy(['cart_id', 'added_position']);
    const projected = new Map<string, unknown[]>();
    for (const row of rows as Array<{
      cart_id: string;
      sku: string;
      cropped_image_id: string;
      quantity: number;
    }>) {
      projected.set(row.cart_id, [
        ...(projected.get(row.cart_id) ?? []),
        [row.sku, row.cropped_image_id, row.quantity],
      ]);
    }
    for (const cartId of ['u-user-a', 'u-user-b', 'u-user-c']) {
      expect(projected.get(cartId)).toEqual(await cartLines(cartId));
    }
    for (const cartId of ['g-session-a', 'g-session-b', 'g-session-c'])
      expect(projected.has(cartId)).toBe(false);
  });
});
