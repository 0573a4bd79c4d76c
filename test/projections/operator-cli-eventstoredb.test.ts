// The operator audit with the log in EventStoreDB: `npm run audit -- --verify` logic and the audit
// entry point run the EventStoreDB adapter through the official client over loopback gRPC to the
// PROTOCOL STAND-IN (test/support/eventstoredb-standin/, not the server), or to EVENTSTORE_URL's server.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@printshop/shared-events/event-store';
import { createEventStoreDbStore } from '@printshop/infra/eventstoredb/event-store';
import { createDb } from '@printshop/infra/postgres/db';
import { audit } from '@printshop/projections/cli/audit';
import { migrateProjections } from '@printshop/projections/runner/checkpoints';
import { liveSchema } from '@printshop/projections/runner/projection';
import { startProjections } from '@printshop/projections/runner/projection-runner';
import { closeProgressListener, waitForPosition } from '@printshop/projections/runner/wait-for-position';
import { createTestDatabase, type TestDatabase } from '@printshop/test/support/database';
import {
  startEventStoreDbStandIn,
  type EventStoreDbStandIn,
} from '@printshop/test/support/eventstoredb-standin/server';
import { eventCounterProjection } from './support/event-counter-projection';
import { appendStreams } from './support/load';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const counter = eventCounterProjection();
let database: TestDatabase;
let db: ReturnType<typeof createDb>;
let standIn: EventStoreDbStandIn | undefined;
let eventStoreUrl: string;
let store: EventStore;
// Stream names of this run: a real server given by EVENTSTORE_URL may hold other runs' streams.
const parcel = `parcel-${crypto.randomUUID().replaceAll('-', '')}`;

beforeAll(async () => {
  database = await createTestDatabase('projection_cli_esdb');
  db = createDb(database.url, { poolMax: 4 });
  await migrateProjections(db);
  if (!process.env.EVENTSTORE_URL) standIn = await startEventStoreDbStandIn();
  eventStoreUrl = process.env.EVENTSTORE_URL ?? standIn!.url;
  store = createEventStoreDbStore({ connectionString: eventStoreUrl });
  await appendStreams(store, { category: 'cart', streams: 10, perStream: 3 });
});
afterAll(async () => {
  await closeProgressListener(db);
  await store?.close();
  await standIn?.close();
  await db?.destroy();
  await database?.drop();
});

async function verify() {
  const lines: string[] = [];
  const code = await audit({
    db,
    store,
    projections: [counter],
    args: ['--verify'],
    out: (l) => lines.push(l),
  });
  return { code, lines };
}

describe('npm run audit over the EventStoreDB adapter (protocol stand-in unless EVENTSTORE_URL)', () => {
  it('given a live model projected from the log, when verified, then it matches; given a tampered row, then it is reported with exit 1', async () => {
    const runner = startProjections({ db, store, projections: [counter] });
    try {
      expect(await waitForPosition(db, ['event_counter'], await store.headPosition(), 20_000)).toBe(true);
    } finally {
      await runner.stop();
    }
    const matching = await verify();
    expect(matching.lines[0]).toMatch(/^event_counter: matches a fresh rebuild at position [\d,]+$/);
    expect(matching.code).toBe(0);

    await db.withSchema(liveSchema('event_counter')).table('category_counts').increment('events', 1);
    const tampered = await verify();
    expect(tampered.code).toBe(1);
    expect(tampered.lines[0]).toMatch(/^event_counter: 1 row difference from a fresh rebuild/);
    expect(tampered.lines[1]).toMatch(/category_counts \{"category":"cart"\}: live .* but rebuilt /);
  });

  it('given EVENTSTORE_URL, when the audit entry point runs as a process, then it prints the stream from EventStoreDB', async () => {
    await store.appendToStream(parcel, [
      { type: 'ParcelBooked', data: { total: 1999 }, metadata: { actor: 'user-7', correlationId: 'corr-1' } },
    ]);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'infra/src/cli/audit.ts', parcel],
      { cwd: root, env: { ...process.env, DATABASE_URL: database.url, EVENTSTORE_URL: eventStoreUrl } },
    );
    expect(stdout).toContain(`${parcel}: 1 event`);
    expect(stdout).toMatch(/^0\s+\d+\s+\S+\s+ParcelBooked\s+user-7\s+corr-1\s+-\s+\{"total":1999\}$/m);
  });
});
