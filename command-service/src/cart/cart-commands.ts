// Runs a cart command.
// - Commands on one cart are queued in this process, so a burst on one cart (200 add-to-cart at
//   once) is served one by one instead of racing and retrying on the stream's revision; writers in
//   other processes still meet optimistic concurrency and retry.
// - The state each cart reached in this process is kept (a bounded map), so the next command on it
//   decides without re-reading the stream. That shortcut is taken only when it is proved right: the
//   decision must produce events and their append must succeed at the kept revision (which fails if
//   anyone else wrote the cart). A refusal, a no-op or a conflict is decided again on the stream as
//   read now (handleCommand), so a stale copy can never refuse, skip or lose anything.
import { asArray } from '@printshop/shared-events/decider';
import {
  WrongExpectedVersion,
  type EventMetadata,
  type EventStore,
} from '@printshop/shared-events/event-store';
import { cartStreamName, type CartEvent } from '@printshop/shared-events/events/cart';
import { handleCommand, type HandleResult } from '../handle-command';
import type { CartState } from './cart';
import { cartDecider, type CartCommand } from './decide';

/** Carts whose state is kept per process; the least recently used go first. */
const KEPT_CARTS = 20_000;

interface Kept {
  state: CartState;
  revision: number;
}

interface PerStore {
  /** The tail of each cart's queue; an entry is dropped when its queue drains. */
  queues: Map<string, Promise<unknown>>;
  kept: Map<string, Kept>;
}

const perStore = new WeakMap<EventStore, PerStore>();

function of(store: EventStore): PerStore {
  let found = perStore.get(store);
  if (!found) {
    found = { queues: new Map(), kept: new Map() };
    perStore.set(store, found);
  }
  return found;
}

async function oneAtATime<T>(queues: Map<string, Promise<unknown>>, cartId: string, task: () => Promise<T>) {
  const previous = queues.get(cartId) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => undefined);
  queues.set(cartId, tail);
  try {
    return await run;
  } finally {
    if (queues.get(cartId) === tail) queues.delete(cartId);
  }
}

function keep(kept: Map<string, Kept>, cartId: string, value: Kept): void {
  kept.delete(cartId);
  kept.set(cartId, value);
  if (kept.size > KEPT_CARTS) kept.delete(kept.keys().next().value!);
}

/** The shortcut on the kept state; undefined when it does not apply (see the top of this file). */
async function onKeptState(
  store: EventStore,
  streamName: string,
  kept: Kept,
  command: CartCommand,
  metadata: EventMetadata,
): Promise<HandleResult<CartState, CartEvent> | undefined> {
  let events: CartEvent[];
  try {
    events = asArray(cartDecider.decide(command, kept.state));
  } catch {
    return undefined;
  }
  if (events.length === 0) return undefined;
  try {
    const result = await store.appendToStream(
      streamName,
      events.map((event) => ({ type: event.type, data: event.data, metadata })),
      { expectedRevision: kept.revision === -1 ? 'no_stream' : kept.revision },
    );
    return {
      events,
      newState: events.reduce(cartDecider.evolve, kept.state),
      position: result.position,
      nextExpectedRevision: result.nextExpectedRevision,
    };
  } catch (error) {
    if (error instanceof WrongExpectedVersion) return undefined;
    throw error;
  }
}

/**
 * Images that lines of this cart already use, as this process last saw it (empty when unknown). An
 * image already in the cart was checked when its line was added, so adding more of it needs no new
 * check; a stale answer can only name an image this cart held.
 */
export function imagesInCart(store: EventStore, cartId: string): ReadonlySet<string> {
  const known = perStore.get(store)?.kept.get(cartId);
  const ids = new Set<string>();
  for (const line of known?.state.lines ?? []) {
    ids.add(line.croppedImageId);
    if (line.rawImageId) ids.add(line.rawImageId);
    for (const image of line.stripImages ?? []) ids.add(image.imageId);
    const images = (line.customizationData as { images?: Array<{ imageId?: unknown }> } | undefined)?.images;
    for (const image of images ?? []) if (typeof image.imageId === 'string') ids.add(image.imageId);
  }
  return ids;
}

export function runCartCommand(
  store: EventStore,
  cartId: string,
  command: CartCommand,
  metadata: EventMetadata,
): Promise<HandleResult<CartState, CartEvent>> {
  const { queues, kept } = of(store);
  const streamName = cartStreamName(cartId);
  return oneAtATime(queues, cartId, async () => {
    const known = kept.get(cartId);
    kept.delete(cartId);
    const result =
      (known && (await onKeptState(store, streamName, known, command, metadata))) ??
      // Other gateways may write the same cart; more tries than the default absorb such bursts.
      (await handleCommand(store, streamName, cartDecider, command, { metadata, retries: 20 }));
    keep(kept, cartId, { state: result.newState, revision: result.nextExpectedRevision });
    return result;
  });
}
