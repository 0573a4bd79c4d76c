// The EventStore contract against the EventStoreDB adapter, through the official client over real
// gRPC. With EVENTSTORE_URL set (e.g. esdb://admin:changeit@localhost:2113?tls=false) it runs against
// that server; the contract uses fresh stream names and reads $all from the head, so a shared,
// non-empty EventStoreDB is fine. Without it, against the PROTOCOL STAND-IN
// (test/support/eventstoredb-standin/), which is not the server: docs/design.md lists what only a
// real server can prove.
import { createEventStoreDbStore } from '@printshop/infra/eventstoredb/event-store';
import { startEventStoreDbStandIn } from '../support/eventstoredb-standin/server';
import { eventStoreContract } from './event-store.contract';

const url = process.env.EVENTSTORE_URL;

if (url) {
  eventStoreContract('EventStoreDB', async (registry) => {
    const store = createEventStoreDbStore({ connectionString: url, registry });
    return { store, close: () => store.close() };
  });
} else {
  eventStoreContract(
    'EventStoreDB adapter over the protocol stand-in (not the server)',
    async (registry) => {
      const standIn = await startEventStoreDbStandIn();
      const store = createEventStoreDbStore({ connectionString: standIn.url, registry });
      return {
        store,
        async close() {
          await store.close();
          await standIn.close();
        },
      };
    },
    { concurrentAppenders: 50 },
  );
}
