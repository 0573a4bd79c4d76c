// The server side of `npm run bench -- cart`, in a process of its own so the load generator does not
// share its event loop: the whole shop (role all) on a fresh database, and beside it, in the same
// process, a bare Koa route as the baseline. Prints {"shopUrl", "bareUrl"} as one line, then answers
// commands on stdin, one JSON line each:
//   {"insert": {"seconds", "concurrency"}} -> raw single-row INSERTs of an add-to-cart's event row
//       through the shop's own pool, `concurrency` in flight, printed as {"insert": {"count", "seconds",
//       "p50", "p99"}}: the most the database lets one process write, row by row.
// Closing stdin (or SIGTERM) takes everything down, the database too.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import Koa from 'koa';
import { connect } from 'nats';
import { silentLogger } from '@printshop/shared-events/logger';
import { namespaceStream } from '@printshop/infra/bus/namespaced-bus';
import { loadConfig } from '@printshop/infra/config';
import { startPrintShop } from '@printshop/infra/startup/start-printshop';
import { createDatabaseOn } from '../support/database';
import { findOrStartNats, findOrStartPostgres } from '../support/services';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'printshop-bench-cart-'));
const postgres = await findOrStartPostgres(scratch);
const nats = await findOrStartNats(scratch);
const database = await createDatabaseOn(postgres.url, 'bench_cart');
// The bench may share NATS with others: its own stream, subjects and durables.
const namespace = `b${randomBytes(5).toString('hex')}`;
const config = loadConfig({
  DATABASE_URL: database.url,
  NATS_URL: nats.url,
  DATA_DIR: scratch,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  BUS_NAMESPACE: namespace,
  // The load comes from one address: the limit is raised out of its way, and still counts each add.
  CART_WRITES_PER_MINUTE: '100000000',
});
const shop = await startPrintShop({ config, logger: silentLogger });
await shop.db.raw(
  'create table bench_raw (id bigserial primary key, event_id uuid not null, stream_name text not null, type text not null, data jsonb not null, metadata jsonb not null)',
);

/** What an add-to-cart appends, as one row of its own transaction (autocommit). */
async function rawInsert(seconds: number, concurrency: number) {
  const data = JSON.stringify({
    lineId: randomUUID(),
    sku: 'POSTERA4',
    quantity: 1,
    croppedImageId: randomUUID(),
    at: new Date().toISOString(),
  });
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < until; i++) {
        const t0 = performance.now();
        await shop.db.raw(
          'insert into bench_raw (event_id, stream_name, type, data, metadata) values (?, ?, ?, ?, ?)',
          [
            randomUUID(),
            `cart-${worker}-${i % 300}`,
            'ItemAdded',
            data,
            JSON.stringify({ actor: 'guest:bench', at: new Date().toISOString() }),
          ],
        );
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    seconds: elapsed,
    p50: Math.round(latencies[Math.floor(latencies.length * 0.5)] ?? 0),
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
  };
}

const bare = new Koa();
bare.use((ctx) => {
  ctx.body = { success: true };
});
const bareServer = createServer(bare.callback());
await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));

let stopping: Promise<void> | undefined;
const stop = () =>
  (stopping ??= (async () => {
    bareServer.close();
    bareServer.closeAllConnections();
    await shop.stop();
    const nc = await connect({ servers: nats.url });
    await (
      await nc.jetstreamManager()
    ).streams
      .delete(namespaceStream(namespace).streamName)
      .catch(() => false);
    await nc.close();
    await database.drop();
    await nats.stop();
    await postgres.stop();
    rmSync(scratch, { recursive: true, force: true });
    process.exit(0);
  })());
process.on('SIGTERM', () => void stop());
const commands = createInterface({ input: process.stdin });
commands.on('line', (line) => {
  const command = JSON.parse(line) as { insert?: { seconds: number; concurrency: number } };
  if (command.insert) {
    const { seconds, concurrency } = command.insert;
    void rawInsert(seconds, concurrency).then((insert) => console.log(JSON.stringify({ insert })));
  }
});
commands.on('close', () => void stop());

console.log(
  JSON.stringify({
    shopUrl: `http://127.0.0.1:${shop.port}`,
    bareUrl: `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`,
  }),
);
