// The EventStoreDB adapter's own behaviour through the official client over real gRPC, against the
// PROTOCOL STAND-IN (test/support/eventstoredb-standin/), not the server. Each test pins down a bug
// the stand-in found; the EventStore contract (test/contract/eventstoredb.test.ts) covers the rest.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore } from '@printshop/shared-events/event-store';
import {
  startEventStoreDbStandIn,
  type EventStoreDbStandIn,
} from '@printshop/test/support/eventstoredb-standin/server';
import { createEventStoreDbStore } from './event-store';

let standIn: EventStoreDbStandIn;
let store: EventStore;

beforeEach(async () => {
  standIn = await startEventStoreDbStandIn();
  store = createEventStoreDbStore({ connectionString: standIn.url });
});
afterEach(async () => {
  await store.close();
  await standIn.close();
});

const noted = (text: string) => ({ type: 'Noted', data: { text } });
const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not done within ${ms} ms`)), ms)),
  ]);

describe('EventStoreDB adapter over the protocol stand-in (not the server)', () => {
  it('given reads that need less than the server sent (head, a filled readAll page, an idempotent repeat), when the store is closed, then close returns', async () => {
    const id = crypto.randomUUID();
    await store.appendToStream('note-1', [{ id, ...noted('a') }, noted('b'), noted('c')]);
    await store.appendToStream('note-1', [{ id, ...noted('a') }], { expectedRevision: 'any' });
    await store.headPosition();
    expect((await store.readAll({ maxCount: 1 })).events).toHaveLength(1);

    await within(5_000, store.close());
  });
});
