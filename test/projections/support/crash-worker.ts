// A projection worker as its own process, for the crash test: runs the event counter from
// DATABASE_URL (the log too, unless EVENTSTORE_URL names an EventStoreDB or its protocol stand-in),
// prints "active" once it holds the lock and reads, stops cleanly on SIGTERM.
import { createEventStoreDbStore } from '@printshop/infra/eventstoredb/event-store';
import { createDb } from '@printshop/infra/postgres/db';
import { createPostgresEventStore } from '@printshop/infra/postgres/event-store';
import { migrateProjections } from '@printshop/projections/runner/checkpoints';
import { startProjections } from '@printshop/projections/runner/projection-runner';
import { eventCounterProjection } from './event-counter-projection';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const db = createDb(url, { poolMax: 4 });
const store = process.env.EVENTSTORE_URL
  ? createEventStoreDbStore({ connectionString: process.env.EVENTSTORE_URL })
  : createPostgresEventStore({ db, connectionString: url, pollIntervalMs: 200 });
await migrateProjections(db);
const runner = startProjections({
  db,
  store,
  projections: [eventCounterProjection()],
  batchSize: Number(process.env.BATCH_SIZE ?? 25),
  lockRetryMs: 50,
});

const active = setInterval(() => {
  if (runner.statuses()[0]?.state === 'running') {
    clearInterval(active);
    process.stdout.write('active\n');
  }
}, 5);

process.once('SIGTERM', () => {
  clearInterval(active);
  void (async () => {
    await runner.stop();
    await store.close();
    await db.destroy();
    process.exit(0);
  })();
});
