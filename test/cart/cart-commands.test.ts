// runCartCommand keeps each cart's state per process. Two gateways are two store instances here,
// each with its own kept carts, writing the same cart in turns: the kept state must never decide
// anything the stream as it is now would not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEvents } from '@printshop/shared-events/all-events';
import { fold } from '@printshop/shared-events/decider';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import type { EventStore } from '@printshop/shared-events/event-store';
import { cartStreamName, type CartEvent } from '@printshop/shared-events/events/cart';
import { NotFound } from '@printshop/shared-events/errors';
import { createPostgresEventStore } from '@printshop/infra/postgres/event-store';
import { imagesInCart, runCartCommand } from '@printshop/command-service/cart/router';
import { cartDecider, type CartCommand } from '@printshop/command-service/cart/decide';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';

const registry = new EventRegistry(allEvents);
let t: TestStore;
let other: EventStore;
beforeAll(async () => {
  t = await createTestStore('cart_commands', { registry });
  other = createPostgresEventStore({ db: t.db, connectionString: t.url, registry });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const at = '2025-03-01T10:00:00.000Z';
const metadata = { actor: 'test', at };
const run = (store: EventStore, cartId: string, command: CartCommand) =>
  runCartCommand(store, cartId, command, metadata);
const add = (lineId: string, quantity: number, croppedImageId = 'img-1'): CartCommand => ({
  type: 'AddItem',
  data: { lineId, sku: 'POSTERA4', quantity, croppedImageId, at },
});

async function linesOf(cartId: string) {
  const events = await t.store.readStream(cartStreamName(cartId));
  return fold(cartDecider, events as unknown as CartEvent[]).lines.map((l) => [l.lineId, l.quantity]);
}

describe('kept cart state across two gateways', () => {
  it('given a line removed by the other gateway, when this one changes it, then it is not found', async () => {
    await run(t.store, 'g-1', add('l1', 2));
    await run(other, 'g-1', { type: 'RemoveItem', data: { lineId: 'l1' } });
    await expect(
      run(t.store, 'g-1', { type: 'ChangeQuantity', data: { lineId: 'l1', quantity: 5 } }),
    ).rejects.toThrow(NotFound);
    expect(await linesOf('g-1')).toEqual([]);
  });

  it('given a quantity changed by the other gateway, when this one adds the same line, then both count', async () => {
    await run(t.store, 'g-2', add('l1', 2));
    await run(other, 'g-2', { type: 'ChangeQuantity', data: { lineId: 'l1', quantity: 10 } });
    await run(t.store, 'g-2', add('l-new', 3));
    expect(await linesOf('g-2')).toEqual([['l1', 13]]);
  });

  it('given a line added by the other gateway, when this one moves the cart away, then that line moves too', async () => {
    await run(t.store, 'g-3', add('l1', 1));
    await run(other, 'g-3', add('l2', 1, 'img-2'));
    const moved = await run(t.store, 'g-3', {
      type: 'MoveLinesAway',
      data: { intoCartId: 'u-3', moveId: 'm1' },
    });
    expect(moved.events[0]?.data).toMatchObject({ lines: [{ lineId: 'l1' }, { lineId: 'l2' }] });
  });

  it('keeps the images of the lines it has seen', async () => {
    await run(t.store, 'g-4', add('l1', 1, 'img-9'));
    expect([...imagesInCart(t.store, 'g-4')]).toEqual(['img-9']);
    expect([...imagesInCart(other, 'g-4')]).toEqual([]);
  });

  it('given a command on the cart in flight, when the same image is added again, then its image is still known', async () => {
    // A double-clicked "Add to cart": the second request checks its image while the first is being
    // appended; forgetting the cart's images then would read the image's stream again.
    await run(t.store, 'g-5', add('l1', 1, 'img-5'));
    const first = run(t.store, 'g-5', add('l2', 1, 'img-5'));
    await new Promise((resolve) => setImmediate(resolve)); // its append is on the wire now
    expect([...imagesInCart(t.store, 'g-5')]).toEqual(['img-5']);
    await first;
    expect(await linesOf('g-5')).toEqual([['l1', 2]]);
  });
});
