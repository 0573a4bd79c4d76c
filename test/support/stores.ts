// A migrated Postgres event store on a fresh database of the real server.
import type { Knex } from 'knex';
import type { EventRegistry } from '@printshop/shared-events/event-registry';
import type { EventStore } from '@printshop/shared-events/event-store';
import type { AppendBatcherOptions } from '@printshop/infra/postgres/append-batcher';
import { createDb } from '@printshop/infra/postgres/db';
import { createPostgresEventStore, migrateEventStore } from '@printshop/infra/postgres/event-store';
import { createTestDatabase } from './database';

export interface TestStore {
  store: EventStore;
  db: Knex;
  url: string;
  close(): Promise<void>;
}

export async function createTestStore(
  label = 'store',
  options: {
    registry?: EventRegistry;
    poolMax?: number;
    pollIntervalMs?: number;
    appendBatching?: AppendBatcherOptions;
  } = {},
): Promise<TestStore> {
  const database = await createTestDatabase(label);
  const db = createDb(database.url, { poolMax: options.poolMax ?? 10 });
  await migrateEventStore(db);
  const store = createPostgresEventStore({
    db,
    connectionString: database.url,
    registry: options.registry,
    pollIntervalMs: options.pollIntervalMs,
    appendBatching: options.appendBatching,
  });
  return {
    store,
    db,
    url: database.url,
    async close() {
      await store.close();
      await db.destroy();
      await database.drop();
    },
  };
}
