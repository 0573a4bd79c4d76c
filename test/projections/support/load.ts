// Appending test events and waiting for conditions, for the projection tests.
import type { EventStore, NewEvent } from '@printshop/shared-events/event-store';

export interface Appended {
  streamName: string;
  type: string;
  position: number;
}

/** Appends one event per entry (in order, each its own append) and returns where each landed. */
export async function appendEach(
  store: EventStore,
  entries: ReadonlyArray<{
    streamName: string;
    type: string;
    data?: unknown;
    metadata?: NewEvent['metadata'];
  }>,
): Promise<Appended[]> {
  const appended: Appended[] = [];
  for (const entry of entries) {
    const { position } = await store.appendToStream(entry.streamName, [
      { type: entry.type, data: entry.data ?? {}, metadata: entry.metadata },
    ]);
    appended.push({ streamName: entry.streamName, type: entry.type, position });
  }
  return appended;
}

/** `count` ItemAdded events spread round-robin over `streams` streams of `category`. */
export const items = (count: number, category = 'cart', streams = 5, type = 'ItemAdded') =>
  Array.from({ length: count }, (_, i) => ({
    streamName: `${category}-${i % streams}`,
    type,
    data: { n: i },
  }));

export async function waitUntil<T>(
  probe: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `streams` new streams of `category`, each given `perStream` handled events in one append. */
export async function appendStreams(
  store: EventStore,
  options: { category: string; streams: number; perStream: number; firstStream?: number; type?: string },
): Promise<number> {
  let position = 0;
  const first = options.firstStream ?? 0;
  for (let s = first; s < first + options.streams; s++) {
    const events = Array.from({ length: options.perStream }, (_, n) => ({
      type: options.type ?? 'ItemAdded',
      data: { n },
    }));
    position = (await store.appendToStream(`${options.category}-${s}`, events)).position;
  }
  return position;
}
