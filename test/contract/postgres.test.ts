import { eventStoreContract } from './event-store.contract';
import { createTestStore } from '../support/stores';

eventStoreContract('Postgres', async (registry) => {
  // 200 concurrent appenders: enough connections that they really race.
  const { store, close } = await createTestStore('contract', { registry, poolMax: 20 });
  return { store, close };
});
