// The crash scenario (support/crash-scenario.ts) with the log in EventStoreDB: the worker runs the
// EventStoreDB adapter through the official client over loopback gRPC to the PROTOCOL STAND-IN
// (test/support/eventstoredb-standin/, not the server), or to the server of EVENTSTORE_URL when set.
// Fewer events than the Postgres run: every read and append is a real gRPC round trip here.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { EventStore } from '@printshop/shared-events/event-store';
import { createEventStoreDbStore } from '@printshop/infra/eventstoredb/event-store';
import { createDb } from '@printshop/infra/postgres/db';
import { migrateProjections } from '@printshop/projections/runner/checkpoints';
import { closeProgressListener } from '@printshop/projections/runner/wait-for-position';
import { createTestDatabase, type TestDatabase } from '@printshop/test/support/database';
import {
  startEventStoreDbStandIn,
  type EventStoreDbStandIn,
} from '@printshop/test/support/eventstoredb-standin/server';
import { runCrashScenario } from './support/crash-scenario';

const TOTAL = 4_000;
const KILLS = 8;
let database: TestDatabase;
let db: ReturnType<typeof createDb>;
let standIn: EventStoreDbStandIn | undefined;
let eventStoreUrl: string;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase('projection_crash_esdb');
  db = createDb(database.url, { poolMax: 4 });
  await migrateProjections(db);
  if (!process.env.EVENTSTORE_URL) standIn = await startEventStoreDbStandIn();
  eventStoreUrl = process.env.EVENTSTORE_URL ?? standIn!.url;
  store = createEventStoreDbStore({ connectionString: eventStoreUrl });
});
afterAll(async () => {
  await closeProgressListener(db);
  await store?.close();
  await standIn?.close();
  await db?.destroy();
  await database?.drop();
});

describe('projection worker crashes, log in EventStoreDB (protocol stand-in unless EVENTSTORE_URL)', () => {
  it(`given ${TOTAL.toLocaleString('en-US')} events appended while the worker is SIGKILLed at random points ${KILLS} times, when it finally catches up, then the read model equals a fresh rebuild row for row`, async () => {
    await runCrashScenario({
      store,
      db,
      env: { DATABASE_URL: database.url, EVENTSTORE_URL: eventStoreUrl },
      total: TOTAL,
      kills: KILLS,
    });
  }, 300_000);
});
