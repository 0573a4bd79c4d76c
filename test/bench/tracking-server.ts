// The server side of `npm run bench -- tracking`, in a process of its own so the load generator does
// not share its event loop: the whole shop (role all) on a fresh database, forwarding tracking
// events to TRACKING_SINK_URL (the bench's sink), and beside it the gateway role alone on a database
// of its own: the calls are appended to its log and nothing reads them (the call's own cost, without
// the outbox pipeline). Prints {"shopUrl", "callOnlyUrl"} as one line, then answers commands on
// stdin, one JSON line each:
//   {"raw": {"count", "concurrency", "payload"}} -> JetStream publishes of `payload` from this same
//       process (its own connection, with the shop's options; a file-backed stream with the shop's
//       dedup window; a fresh Nats-Msg-Id each, as the shop's bus publishes), printed as
//       {"raw": {"count", "seconds"}}.
//   {"stats": true} -> the shop database's counters (statements committed, rows inserted and
//       updated, HOT updates), printed as {"stats": {...}}: counts, which the machine's changing
//       speed does not move.
// Closing stdin (or SIGTERM) takes everything down, the databases too.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { connect, nanos, StorageType } from 'nats';
import { silentLogger } from '@printshop/shared-events/logger';
import { NATS_CONNECTION_OPTIONS } from '@printshop/infra/bus/nats-bus';
import { namespaceStream } from '@printshop/infra/bus/namespaced-bus';
import { loadConfig } from '@printshop/infra/config';
import { startPrintShop } from '@printshop/infra/startup/start-printshop';
import { createDatabaseOn } from '../support/database';
import { findOrStartNats, findOrStartPostgres } from '../support/services';

const sinkUrl = process.env.TRACKING_SINK_URL;
if (!sinkUrl) throw new Error('tracking-server: TRACKING_SINK_URL is required');

const LOAD_TEST_CALLS_PER_MINUTE = 100_000_000;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'printshop-bench-tracking-'));
const postgres = await findOrStartPostgres(scratch);
const nats = await findOrStartNats(scratch);
const database = await createDatabaseOn(postgres.url, 'bench_tracking');
const namespace = `b${randomBytes(5).toString('hex')}`;
const config = loadConfig({
  DATABASE_URL: database.url,
  NATS_URL: nats.url,
  DATA_DIR: scratch,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  BUS_NAMESPACE: namespace,
  TRACKING_SINK_URL: sinkUrl,
  // The load comes from one address: the limit is raised out of its way, and still counts each call.
  TRACKING_CALLS_PER_MINUTE: String(LOAD_TEST_CALLS_PER_MINUTE),
});
const shop = await startPrintShop({ config, logger: silentLogger });
const callOnlyDatabase = await createDatabaseOn(postgres.url, 'bench_tracking_call');
const callOnlyNamespace = `${namespace}c`;
const callOnly = await startPrintShop({
  config: loadConfig({
    DATABASE_URL: callOnlyDatabase.url,
    NATS_URL: nats.url,
    DATA_DIR: path.join(scratch, 'call-only'),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    BUS_NAMESPACE: callOnlyNamespace,
    ROLE: 'gateway',
    TRACKING_CALLS_PER_MINUTE: String(LOAD_TEST_CALLS_PER_MINUTE),
  }),
  logger: silentLogger,
});

// Connected as the shop's bus connects: without its options (no stack trace per request), the raw
// publishes were a third slower than the shop's own, and the ratio flattered the shop.
const nc = await connect({ servers: nats.url, ...NATS_CONNECTION_OPTIONS });
const rawStream = `BENCH_RAW_${namespace.toUpperCase()}`;
const rawSubject = `${namespace}raw.printshop.tracking.add-to-cart`;

async function rawPublish(count: number, concurrency: number, payload: unknown) {
  const jsm = await nc.jetstreamManager();
  // As the shop's stream: file storage, 120 s duplicate window (infra/src/bus/nats-bus.ts).
  await jsm.streams.add({
    name: rawStream,
    subjects: [`${namespace}raw.>`],
    storage: StorageType.File,
    duplicate_window: nanos(120_000),
  });
  const js = nc.jetstream();
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) await js.publish(rawSubject, bytes, { msgID: randomUUID(), timeout: 5_000 });
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await jsm.streams.delete(rawStream);
  return { count, seconds };
}

async function databaseStats() {
  const { rows } = await shop.db.raw<{
    rows: Array<{ commits: string; inserted: string; updated: string; hot: string }>;
  }>(
    `select xact_commit as commits, tup_inserted as inserted, tup_updated as updated,
            (select coalesce(sum(n_tup_hot_upd), 0) from pg_stat_user_tables) as hot
       from pg_stat_database where datname = current_database()`,
  );
  const row = rows[0]!;
  return {
    commits: Number(row.commits),
    inserted: Number(row.inserted),
    updated: Number(row.updated),
    hotUpdated: Number(row.hot),
  };
}

let stopping: Promise<void> | undefined;
const stop = () =>
  (stopping ??= (async () => {
    await shop.stop();
    await callOnly.stop();
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(namespaceStream(namespace).streamName).catch(() => false);
    await jsm.streams.delete(namespaceStream(callOnlyNamespace).streamName).catch(() => false);
    await jsm.streams.delete(rawStream).catch(() => false);
    await nc.close();
    await database.drop();
    await callOnlyDatabase.drop();
    await nats.stop();
    await postgres.stop();
    rmSync(scratch, { recursive: true, force: true });
    process.exit(0);
  })());
process.on('SIGTERM', () => void stop());
const commands = createInterface({ input: process.stdin });
commands.on('line', (line) => {
  const command = JSON.parse(line) as {
    raw?: { count: number; concurrency: number; payload: unknown };
    stats?: true;
  };
  if (command.stats) void databaseStats().then((stats) => console.log(JSON.stringify({ stats })));
  if (command.raw) {
    const { count, concurrency, payload } = command.raw;
    void rawPublish(count, concurrency, payload).then((raw) => console.log(JSON.stringify({ raw })));
  }
});
commands.on('close', () => void stop());

console.log(
  JSON.stringify({
    shopUrl: `http://127.0.0.1:${shop.port}`,
    callOnlyUrl: `http://127.0.0.1:${callOnly.port}`,
  }),
);
