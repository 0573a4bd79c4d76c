// The event store of this process: EventStoreDB when EVENTSTORE_URL is set, else Postgres.
import type { Knex } from 'knex';
import type { EventRegistry } from '@printshop/shared-events/event-registry';
import type { EventStore } from '@printshop/shared-events/event-store';
import type { Logger } from '@printshop/shared-events/logger';
import type { Config } from '../config';
import { createEventStoreDbStore } from '../eventstoredb/event-store';
import { createPostgresEventStore } from '../postgres/event-store';

export function createEventStore(o: {
  config: Config;
  db: Knex;
  databaseUrl: string;
  registry: EventRegistry;
  logger: Logger;
}): EventStore {
  if (o.config.eventStoreUrl) {
    return createEventStoreDbStore({
      connectionString: o.config.eventStoreUrl,
      registry: o.registry,
      logger: o.logger,
    });
  }
  return createPostgresEventStore({
    db: o.db,
    connectionString: o.databaseUrl,
    registry: o.registry,
    logger: o.logger,
  });
}
