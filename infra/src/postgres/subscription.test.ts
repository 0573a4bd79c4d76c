// A live subscription over the shared tail: woken by an append, it reads the appended event.
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import { sharedTail } from './shared-tail';
import { subscribe } from './subscription';

const event = (position: number): RecordedEvent => ({
  id: `e${position}`,
  type: 'Noted',
  data: {},
  metadata: {},
  streamName: `note-${position}`,
  revision: 0,
  position,
  recordedAt: new Date(0),
});

describe('live subscription', () => {
  it('given a caught-up subscriber whose last shared read is still within the reuse window, when an append wakes it, then it reads again and gets the event', async () => {
    const log = [event(1)];
    const clock = { now: 0 };
    const tail = sharedTail({
      read: async (from) => ({ events: log.filter((e) => e.position > from), lastPosition: log.length }),
      knownHead: () => log.length,
      now: () => clock.now,
    });
    const wakeups = new EventEmitter();
    const seen: number[] = [];
    const subscription = subscribe({
      read: (from, freshSince) => tail.read(from, 500, undefined, freshSince)!,
      mark: tail.mark,
      lagging: () => false,
      batchSize: 500,
      wakeups,
      // Far beyond the test's patience: only the wake can deliver the event.
      pollIntervalMs: 600_000,
      fromPosition: 0,
      handler: async (batch) => void seen.push(...batch.events.map((e) => e.position)),
    });
    await vi.waitFor(() => expect(seen).toEqual([1]));
    // Let the subscriber's empty read at position 1 finish, so it sleeps with that read kept.
    await new Promise((resolve) => setTimeout(resolve, 30));

    // The clock has moved less than the reuse window: the kept read would still be served.
    clock.now = 1;
    log.push(event(2));
    wakeups.emit('wake');

    await vi.waitFor(() => expect(seen).toEqual([1, 2]), { timeout: 2_000 });
    await subscription.stop();
  });
});

describe('a subscriber at the head under a stream of appends', () => {
  it('given an event appended every millisecond and a handler that takes 3 ms, when it runs for 200 ms, then it reads about once per 10 ms gather window, not after every batch', async () => {
    const log: RecordedEvent[] = [];
    const wakeups = new EventEmitter();
    let reads = 0;
    const seen: number[] = [];
    const subscription = subscribe({
      read: async (from) => {
        reads += 1;
        return { events: log.filter((e) => e.position > from), lastPosition: log.length };
      },
      mark: () => performance.now(),
      lagging: () => false,
      batchSize: 500,
      wakeups,
      pollIntervalMs: 600_000,
      fromPosition: 0,
      handler: async (batch) => {
        seen.push(...batch.events.map((e) => e.position));
        // Writing a read model takes a few milliseconds, while the appends go on.
        await new Promise((resolve) => setTimeout(resolve, 3));
      },
    });
    const appending = setInterval(() => {
      log.push(event(log.length + 1));
      wakeups.emit('wake');
    }, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    clearInterval(appending);
    await vi.waitFor(() => expect(seen.length).toBe(log.length));
    await subscription.stop();

    expect(seen).toEqual(log.map((e) => e.position));
    // 200 ms in 10 ms windows, and a few reads to spare (the first, the last, timer drift).
    expect(reads).toBeLessThanOrEqual(200 / 10 + 5);
  });
});
