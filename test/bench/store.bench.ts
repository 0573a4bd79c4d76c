// `npm run bench -- store`: the event log against Postgres itself, measured in the same run.
//   store-append:  appends/s (1 event a transaction, 16 writers) vs a raw single-row INSERT of the
//                  same payload through the same pool; ratio = append / raw (goal >= 0.6).
//   store-catchup: $all read in batches of 1,000, events/s.
//   store-rebuild: rebuild of a trivial projection over 200,000 events, events/s (goal >= 20,000).
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import { createDb } from '@printshop/infra/postgres/db';
import { createPostgresEventStore, migrateEventStore } from '@printshop/infra/postgres/event-store';
import { migrateProjections } from '@printshop/projections/runner/checkpoints';
import { rebuildProjection } from '@printshop/projections/runner/rebuild';
import type { Projection } from '@printshop/projections/runner/projection';
import { createDatabaseOn } from '../support/database';
import { findOrStartPostgres } from '../support/services';
import { writeResult } from './results';

const WRITERS = 16;
const APPENDS = Number(process.env.BENCH_APPENDS ?? 20_000);
const REBUILD_EVENTS = Number(process.env.BENCH_REBUILD_EVENTS ?? 200_000);
const payload = {
  sku: 'POSTERA4',
  quantity: 2,
  imageId: '5d0c2a4e-3f7e-4c36-9a55-0c1d1c2b3a4f',
  unitPriceMinor: 178,
};

async function concurrently(total: number, workers: number, task: (i: number) => Promise<unknown>) {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < total) await task(next++);
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** A projection that does the least a real one does: one upsert per category per batch. */
const trivialProjection: Projection = {
  name: 'bench_trivial',
  eventTypes: ['ItemAdded'],
  tables: [{ name: 'counts', primaryKey: ['category'] }],
  async migrate(db: Knex, schema: string) {
    await db.raw('create table if not exists ??.counts (category text primary key, events bigint not null)', [
      schema,
    ]);
  },
  async apply(events: RecordedEvent[], trx: Knex.Transaction, schema: string) {
    const counts = new Map<string, number>();
    for (const event of events) {
      const category = event.streamName.split('-')[0]!;
      counts.set(category, (counts.get(category) ?? 0) + 1);
    }
    if (counts.size === 0) return;
    await trx
      .withSchema(schema)
      .table('counts')
      .insert([...counts].map(([category, events]) => ({ category, events })))
      .onConflict('category')
      .merge({ events: trx.raw('counts.events + excluded.events') });
  },
};

export async function run() {
  const server = await findOrStartPostgres(mkdtempSync(path.join(os.tmpdir(), 'printshop-bench-')));
  const database = await createDatabaseOn(server.url, 'bench_store');
  const db = createDb(database.url, { poolMax: WRITERS });
  try {
    await migrateEventStore(db);
    await migrateProjections(db);
    await db.raw(
      'create table bench_raw (id bigserial primary key, event_id uuid not null, stream_name text not null, type text not null, data jsonb not null, metadata jsonb not null)',
    );
    const store = createPostgresEventStore({ db, connectionString: database.url });

    // Warm both paths, then alternate raw and append twice and keep each one's best run.
    const raw = (i: number) =>
      db.raw('insert into bench_raw (event_id, stream_name, type, data, metadata) values (?, ?, ?, ?, ?)', [
        randomUUID(),
        `cart-${i % 1000}`,
        'ItemAdded',
        JSON.stringify(payload),
        JSON.stringify({ at: new Date().toISOString() }),
      ]);
    const append = (i: number) =>
      store.appendToStream(`cart-${i % 1000}`, [{ type: 'ItemAdded', data: payload }], {
        expectedRevision: 'any',
      });
    await concurrently(500, WRITERS, raw);
    await concurrently(500, WRITERS, append);
    let rawRate = 0;
    let appendRate = 0;
    for (let round = 0; round < 2; round++) {
      rawRate = Math.max(rawRate, APPENDS / (await concurrently(APPENDS, WRITERS, raw)));
      appendRate = Math.max(appendRate, APPENDS / (await concurrently(APPENDS, WRITERS, append)));
    }
    writeResult({
      name: 'store-append',
      unit: 'appends/s',
      value: appendRate,
      baseline: rawRate,
      ratio: appendRate / rawRate,
      details: { writers: WRITERS, appends: APPENDS, cores: os.cpus().length },
    });

    // Fill up to REBUILD_EVENTS with batched appends (setup, not measured).
    let total = await store.headPosition();
    const fillBatch = Array.from({ length: 100 }, () => ({ type: 'ItemAdded', data: payload }));
    await concurrently(Math.ceil((REBUILD_EVENTS - total) / 100), 4, (i) =>
      store.appendToStream(`cart-fill${i % 5000}`, fillBatch),
    );
    total = await store.headPosition();

    const catchupStarted = process.hrtime.bigint();
    let read = 0;
    for (let from = 0; ;) {
      const batch = await store.readAll({ fromPosition: from, maxCount: 1000 });
      if (batch.lastPosition === from) break;
      read += batch.events.length;
      from = batch.lastPosition;
    }
    const catchupRate = read / (Number(process.hrtime.bigint() - catchupStarted) / 1e9);
    writeResult({
      name: 'store-catchup',
      unit: 'events/s',
      value: catchupRate,
      baseline: null,
      ratio: null,
      details: { events: read },
    });

    const rebuildStarted = process.hrtime.bigint();
    await rebuildProjection({ db, store, projection: trivialProjection });
    const rebuildSeconds = Number(process.hrtime.bigint() - rebuildStarted) / 1e9;
    const counted = await db
      .withSchema('rm_bench_trivial')
      .table('counts')
      .sum<{ sum: string }[]>('events as sum');
    const rebuilt = Number(counted[0]!.sum);
    if (rebuilt !== read) throw new Error(`rebuild counted ${rebuilt} events, the log holds ${read}`);
    writeResult({
      name: 'store-rebuild',
      unit: 'events/s',
      value: rebuilt / rebuildSeconds,
      baseline: 20_000,
      ratio: rebuilt / rebuildSeconds / 20_000,
      details: { events: rebuilt, note: 'baseline is the rebuild goal (20,000 events/s)' },
    });
    await store.close();
  } finally {
    await db.destroy();
    await database.drop();
    await server.stop();
  }
}
