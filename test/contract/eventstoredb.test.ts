// The EventStore contract against EventStoreDB, when one is configured (EVENTSTORE_URL, e.g.
// esdb://admin:changeit@localhost:2113?tls=false). The contract uses fresh stream names and reads
// $all from the head, so a shared, non-empty EventStoreDB is fine.
import { describe, it } from 'vitest';
import { createEventStoreDbStore } from '@printshop/infra/eventstoredb/event-store';
import { eventStoreContract } from './event-store.contract';

const url = process.env.EVENTSTORE_URL;

if (url) {
  eventStoreContract('EventStoreDB', async (registry) => {
    const store = createEventStoreDbStore({ connectionString: url, registry });
    return { store, close: () => store.close() };
  });
} else {
  const reason =
    'EventStoreDB contract: skipped because EVENTSTORE_URL is not set (no EventStoreDB server can run on this machine)';
  console.log(reason);
  describe.skip(reason, () => {
    it('runs the EventStore contract against EventStoreDB', () => undefined);
  });
}
