// The server side of `npm run bench -- cart`, in a process of its own so the load generator does not
// share its event loop: the whole shop (role all) on a fresh database, and beside it, in the same
// process, a bare Koa route as the baseline. Prints {"shopUrl", "bareUrl"} as one line, then serves
// until stdin closes or SIGTERM, and takes everything down (the database too).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
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
});
const shop = await startPrintShop({ config, logger: silentLogger });

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
process.stdin.on('end', () => void stop());
process.stdin.resume();

console.log(
  JSON.stringify({
    shopUrl: `http://127.0.0.1:${shop.port}`,
    bareUrl: `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`,
  }),
);
