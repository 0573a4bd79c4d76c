// Batching of the EventStoreDB subscription, driven by a real object stream standing where the
// client's $all subscription stands; the contract suite covers the adapter end to end, over the
// protocol stand-in or the server of EVENTSTORE_URL (test/contract/eventstoredb.test.ts).
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { ReadAllResult, RecordedEvent } from '@printshop/shared-events/event-store';
import { deliverInBatches } from './batch-delivery';

interface Item {
  position: number;
  wanted: boolean;
}

const eventAt = (position: number): RecordedEvent => ({
  id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
  type: 'Noted',
  data: { position },
  metadata: {},
  streamName: 'note-1',
  revision: position,
  position,
  recordedAt: new Date(0),
});

const scan = (item: Item) => ({
  position: item.position,
  event: item.wanted ? eventAt(item.position) : undefined,
});

function setup(options: {
  fromPosition?: number;
  batchSize?: number;
  handler?: (batch: ReadAllResult) => Promise<void>;
}) {
  const source = new PassThrough({ objectMode: true });
  const batches: ReadAllResult[] = [];
  let cancelled = 0;
  const subscription = deliverInBatches<Item>({
    source,
    scan,
    fromPosition: options.fromPosition ?? 0,
    batchSize: options.batchSize ?? 2,
    idleMs: 5,
    handler: async (batch) => {
      batches.push(batch);
      await options.handler?.(batch);
    },
    cancel: async () => {
      cancelled++;
    },
  });
  const write = (...items: Item[]) => items.forEach((item) => source.write(item));
  return { source, batches, subscription, write, cancelled: () => cancelled };
}

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

const positions = (batches: ReadAllResult[]) =>
  batches.flatMap((batch) => batch.events.map((e) => e.position));

describe('deliverInBatches', () => {
  it('given events on the source, when delivered, then each arrives once, in order, in batches of at most batchSize', async () => {
    const { batches, subscription, write } = setup({ batchSize: 2 });
    write(...[1, 2, 3, 4, 5].map((position) => ({ position, wanted: true })));

    await expect.poll(() => batches.at(-1)?.lastPosition).toBe(5);
    expect(positions(batches)).toEqual([1, 2, 3, 4, 5]);
    expect(batches.every((batch) => batch.events.length <= 2)).toBe(true);
    expect(batches.map((batch) => batch.lastPosition)).toEqual([2, 4, 5]);
    await subscription.stop();
    await expect(subscription.done).resolves.toBeUndefined();
  });

  it('given items at or below fromPosition and unwanted items, then those are skipped but lastPosition passes them', async () => {
    const { batches, subscription, write } = setup({ fromPosition: 10, batchSize: 10 });
    write(
      { position: 9, wanted: true },
      { position: 10, wanted: true },
      { position: 11, wanted: true },
      { position: 12, wanted: false },
      { position: 13, wanted: false },
    );

    await expect.poll(() => batches.at(-1)?.lastPosition).toBe(13);
    expect(positions(batches)).toEqual([11]);
    await subscription.stop();
  });

  it('given only unwanted items, then an empty batch still carries the position looked through', async () => {
    const { batches, subscription, write } = setup({ fromPosition: 0 });
    write({ position: 3, wanted: false }, { position: 7, wanted: false });

    await expect.poll(() => batches.at(-1)?.lastPosition).toBe(7);
    expect(positions(batches)).toEqual([]);
    await subscription.stop();
  });

  it('given a slow handler, when more events wait, then the source is paused and nothing more is delivered until it returns', async () => {
    const release = gate();
    const firstCall = gate();
    const { source, batches, subscription, write } = setup({
      batchSize: 2,
      handler: async () => {
        firstCall.open();
        await release.opened;
      },
    });
    write(...Array.from({ length: 10 }, (_, i) => ({ position: i + 1, wanted: true })));
    await firstCall.opened;
    await nextTurn();

    expect(batches).toHaveLength(1);
    expect(source.isPaused()).toBe(true);
    expect(source.readableLength).toBeGreaterThan(0);

    release.open();
    await expect.poll(() => batches.at(-1)?.lastPosition).toBe(10);
    expect(positions(batches)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    await subscription.stop();
  });

  it('given a handler that throws, then done rejects with its error, the source is cancelled and nothing more is delivered', async () => {
    const failure = new Error('projection broke');
    const { batches, subscription, write, cancelled } = setup({
      batchSize: 1,
      handler: async () => {
        throw failure;
      },
    });
    write({ position: 1, wanted: true });

    await expect(subscription.done).rejects.toBe(failure);
    expect(cancelled()).toBe(1);
    write({ position: 2, wanted: true });
    await nextTurn();
    expect(batches).toHaveLength(1);
  });

  it('given a batch in flight, when stopped, then stop resolves only after the handler has finished', async () => {
    const release = gate();
    const started = gate();
    const order: string[] = [];
    const { subscription, write, cancelled } = setup({
      batchSize: 1,
      handler: async () => {
        started.open();
        await release.opened;
        order.push('handler finished');
      },
    });
    write({ position: 1, wanted: true });
    await started.opened;

    const stopped = subscription.stop().then(() => order.push('stopped'));
    await nextTurn();
    await nextTurn();
    release.open();
    await stopped;

    expect(order).toEqual(['handler finished', 'stopped']);
    expect(cancelled()).toBe(1);
    await expect(subscription.done).resolves.toBeUndefined();
  });

  it('given a handler that throws while stopping, then done rejects', async () => {
    const release = gate();
    const started = gate();
    const { subscription, write } = setup({
      batchSize: 1,
      handler: async () => {
        started.open();
        await release.opened;
        throw new Error('late failure');
      },
    });
    write({ position: 1, wanted: true });
    await started.opened;

    const stopped = subscription.stop();
    release.open();
    await stopped;
    await expect(subscription.done).rejects.toThrow('late failure');
  });

  it('given the source fails or ends by itself, then done rejects', async () => {
    const failing = setup({});
    failing.source.destroy(new Error('connection lost'));
    await expect(failing.subscription.done).rejects.toThrow('connection lost');

    const ending = setup({});
    ending.source.end();
    await expect(ending.subscription.done).rejects.toThrow(/ended without being stopped/);
  });
});
