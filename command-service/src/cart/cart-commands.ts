// Runs a cart command. Commands on one cart are queued in this process, so a burst on one cart
// (200 add-to-cart at once) is served one by one instead of racing and retrying on the stream's
// revision; writers in other processes still meet optimistic concurrency and retry.
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import { cartStreamName, type CartEvent } from '@printshop/shared-events/events/cart';
import { handleCommand, type HandleResult } from '../handle-command';
import type { CartState } from './cart';
import { cartDecider, type CartCommand } from './decide';

/** The tail of each cart's queue; an entry is dropped when its queue drains. */
const queues = new WeakMap<EventStore, Map<string, Promise<unknown>>>();

async function oneAtATime<T>(store: EventStore, cartId: string, task: () => Promise<T>): Promise<T> {
  let byCart = queues.get(store);
  if (!byCart) {
    byCart = new Map();
    queues.set(store, byCart);
  }
  const previous = byCart.get(cartId) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => undefined);
  byCart.set(cartId, tail);
  try {
    return await run;
  } finally {
    if (byCart.get(cartId) === tail) byCart.delete(cartId);
  }
}

export function runCartCommand(
  store: EventStore,
  cartId: string,
  command: CartCommand,
  metadata: EventMetadata,
): Promise<HandleResult<CartState, CartEvent>> {
  return oneAtATime(store, cartId, () =>
    // Other gateways may write the same cart; more tries than the default absorb such bursts.
    handleCommand(store, cartStreamName(cartId), cartDecider, command, { metadata, retries: 20 }),
  );
}
