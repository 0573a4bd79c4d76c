// The live end of `$all` read once for all subscribers, each keeping its own events.
import { describe, expect, it } from 'vitest';
import type { ReadAllResult, RecordedEvent } from '@printshop/shared-events/event-store';
import { sharedTail } from './shared-tail';

const event = (position: number, type: string, streamName = `cart-${position}`): RecordedEvent => ({
  id: `e${position}`,
  type,
  data: {},
  metadata: {},
  streamName,
  revision: 0,
  position,
  recordedAt: new Date(0),
});

function tailOver(events: RecordedEvent[], head: number, clock = { now: 0 }) {
  const reads: number[] = [];
  const tail = sharedTail({
    read: async (from, maxCount): Promise<ReadAllResult> => {
      reads.push(from);
      const slice = events.filter((e) => e.position > from).slice(0, maxCount);
      return { events: slice, lastPosition: head };
    },
    knownHead: () => head,
    now: () => clock.now,
  });
  return { tail, reads, clock };
}

describe('shared tail', () => {
  const log = [event(101, 'ItemAdded'), event(102, 'OrderPlaced', 'order-1'), event(103, 'ItemAdded')];

  it('given three live subscribers asking at once, when they read, then one query serves them and each gets its own types', async () => {
    const { tail, reads } = tailOver(log, 103);
    const [carts, orders, all] = await Promise.all([
      tail.read(100, 500, { eventTypes: ['ItemAdded'] }),
      tail.read(100, 500, { streamCategories: ['order'] }),
      tail.read(100, 500),
    ]);
    expect(reads).toEqual([100]);
    expect(carts!.events.map((e) => e.position)).toEqual([101, 103]);
    expect(orders!.events.map((e) => e.position)).toEqual([102]);
    expect(all!.events).toHaveLength(3);
    for (const result of [carts, orders, all]) expect(result!.lastPosition).toBe(103);
  });

  it('given more of its events than its batch size, when read, then it stops at its last event and reads on from there', async () => {
    const { tail } = tailOver(log, 103);
    const first = await tail.read(100, 1, { eventTypes: ['ItemAdded'] });
    expect(first).toEqual({ events: [log[0]], lastPosition: 101 });
  });

  it('given a finished read, when asked again after the reuse window, then the log is read again', async () => {
    const { tail, reads, clock } = tailOver(log, 103);
    await tail.read(100, 500);
    clock.now = 5;
    await tail.read(100, 500);
    expect(reads).toEqual([100]);
    clock.now = 50;
    await tail.read(100, 500);
    expect(reads).toEqual([100, 100]);
  });

  it('given a subscriber far behind the head, when it reads, then it is told to read on its own (filtered in the query)', () => {
    const { tail, reads } = tailOver(log, 50_000);
    expect(tail.read(100, 500, { eventTypes: ['ItemAdded'] })).toBeUndefined();
    expect(reads).toEqual([]);
  });

  it('given a failed shared read, when asked again, then it is not served from the failure', async () => {
    let calls = 0;
    const tail = sharedTail({
      read: async () => {
        calls++;
        if (calls === 1) throw new Error('connection lost');
        return { events: [], lastPosition: 7 };
      },
      knownHead: () => 7,
      now: () => 0,
    });
    await expect(tail.read(5, 500)).rejects.toThrow('connection lost');
    await expect(tail.read(5, 500)).resolves.toEqual({ events: [], lastPosition: 7 });
  });
});
