// Bad input is refused before anything is sent: these run without an EventStoreDB (none can run
// here), against an address where nothing listens, so a request that did go out would fail with a
// connection error instead of the error expected. The behaviour over the wire is the contract suite
// (test/contract/eventstoredb.test.ts: the protocol stand-in, or the server of EVENTSTORE_URL).
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, EventRegistry } from '@printshop/shared-events/event-registry';
import { InvalidEvent } from '@printshop/shared-events/event-store';
import { createEventStoreDbStore } from './event-store';

const registry = new EventRegistry([
  defineEvent(
    'Priced',
    z.object({ amountMinor: z.number().int().nonnegative(), currency: z.string().length(3) }),
  ),
]);
const store = createEventStoreDbStore({ connectionString: 'esdb://127.0.0.1:1?tls=false', registry });
afterAll(() => store.close());

describe('EventStoreDB store: bad input', () => {
  it('given data failing its schema, when appended, then InvalidEvent names the field', async () => {
    const error = await store
      .appendToStream('price-1', [{ type: 'Priced', data: { amountMinor: -5, currency: 'USD' } }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidEvent);
    expect((error as InvalidEvent).message).toMatch(/amountMinor/);
  });

  it('given an event type without a schema, when appended, then InvalidEvent says so', async () => {
    await expect(store.appendToStream('x-1', [{ type: 'Mystery', data: {} }])).rejects.toThrow(
      /no schema is registered/,
    );
  });

  it('given an event id that is not a uuid, when appended, then InvalidEvent names the id', async () => {
    const event = { id: 'order-42', type: 'Priced', data: { amountMinor: 100, currency: 'EUR' } };
    await expect(store.appendToStream('price-1', [event])).rejects.toThrow(
      /id: must be a uuid, got "order-42"/,
    );
  });

  it('given an expected revision that is negative or fractional, when appending, then it is refused', async () => {
    const event = { type: 'Priced', data: { amountMinor: 100, currency: 'EUR' } };
    await expect(store.appendToStream('price-1', [event], { expectedRevision: -1 })).rejects.toThrow(
      RangeError,
    );
    await expect(store.appendToStream('price-1', [event], { expectedRevision: 1.5 })).rejects.toThrow(
      RangeError,
    );
  });

  it('given no events, when appending, then it is refused', async () => {
    await expect(store.appendToStream('price-1', [])).rejects.toThrow(/at least one event/);
  });

  it("given stream metadata using EventStoreDB's own keys, when set, then it is refused instead of truncating the stream", async () => {
    await expect(store.setStreamMetadata('price-1', { maxCount: 1, note: 'x' })).rejects.toThrow(
      /reserved by EventStoreDB: maxCount/,
    );
    await expect(store.setStreamMetadata('price-1', { $tb: 3 })).rejects.toThrow(/\$tb/);
  });
});
