// The whole shop (role all) on a fresh database, the real NATS and a free port: what the API tests
// and the browser journeys talk to over HTTP. Unless a test brings its own logger, the shop must
// log no error while it runs: every answer a test checks may be right while the shop fails someone
// on the side (a reactor, a consumer, a stream cut off), and its error log is where that shows, so
// stop() throws with the lines, each named by the test that was running.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Logger } from '@printshop/shared-events/logger';
import { loadConfig } from '@printshop/infra/config';
import { namespaceStream } from '@printshop/infra/bus/namespaced-bus';
import { createDb } from '@printshop/infra/postgres/db';
import { connect } from 'nats';
import { startPrintShop } from '@printshop/infra/startup/start-printshop';
import { createDatabaseOn, createTestDatabase, natsUrl } from './database';
import { errorCatcher } from './error-catcher';

/** PUBLIC_URL of the test shops. */
export const TEST_PUBLIC_URL = 'https://printshop.test';

export interface TestApp {
  /** http://127.0.0.1:<port> */
  url: string;
  /** A separate pool on the app's database, for assertions on read models and the event log. */
  db: Knex;
  dataDir: string;
  /** What another role process of the same shop needs (a second gateway). */
  databaseUrl: string;
  busNamespace: string;
  stop(): Promise<void>;
}

export async function startTestApp(
  options: {
    label?: string;
    env?: Record<string, string>;
    /** The shop's logger; by default one that fails stop() on an error line. */
    logger?: Logger;
    /** A built frontend (frontend/dist) for the gateway to serve, as `npm start` does. */
    frontendDir?: string;
    /** Another Postgres server than the shared one (an outage test's own); its admin URL. */
    databaseServerUrl?: string;
  } = {},
): Promise<TestApp> {
  const label = options.label ?? 'app';
  const database = options.databaseServerUrl
    ? await createDatabaseOn(options.databaseServerUrl, label)
    : await createTestDatabase(label);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-app-'));
  const namespace = `t${randomBytes(5).toString('hex')}`;
  const config = loadConfig({
    DATABASE_URL: database.url,
    NATS_URL: natsUrl(),
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    // Test apps share the NATS server: each gets its own stream, subjects and durables.
    BUS_NAMESPACE: namespace,
    // The shop's address, as a deployment sets it: pages and mails name it, never the test's port.
    PUBLIC_URL: TEST_PUBLIC_URL,
    // Suites place many orders and try many codes from 127.0.0.1; the limits' own tests set them
    // low again.
    PAYMENT_STARTS_PER_HOUR: '1000000',
    PROMOTION_CODE_TRIES_PER_HOUR: '1000000',
    ORDER_LOOKUPS_PER_HOUR: '1000000',
    CART_WRITES_PER_MINUTE: '1000000',
    ...options.env,
  });
  // A logger of the test's own leaves the catcher empty: check() then passes.
  const catcher = errorCatcher(label);
  const shop = await startPrintShop({
    config,
    logger: options.logger ?? catcher.logger,
    frontendDir: options.frontendDir,
  });
  const db = createDb(database.url, { poolMax: 4 });
  return {
    url: `http://127.0.0.1:${shop.port}`,
    db,
    dataDir,
    databaseUrl: database.url,
    busNamespace: namespace,
    async stop() {
      await db.destroy();
      await shop.stop();
      await deleteStream(namespaceStream(namespace).streamName);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
      catcher.check();
    },
  };
}

/** Removes a test bus namespace's stream from the shared NATS. */
export async function deleteStream(name: string): Promise<void> {
  const nc = await connect({ servers: natsUrl() });
  try {
    await (await nc.jetstreamManager()).streams.delete(name).catch(() => false);
  } finally {
    await nc.close();
  }
}
