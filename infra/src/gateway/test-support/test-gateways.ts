// The gateway over real HTTP for the gateway tests: a gateway with test routes (one throwing each
// domain error, a zod-validated body, an echo, a path two routers serve, a download that never
// ends, one that fails) and a built frontend, ready behind a real database, event store and NATS;
// and a second one whose database is missing and one of whose projections failed. Started before
// a file's tests, closed after them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { connect } from 'nats';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import type { Bus } from '@printshop/shared-events/bus';
import {
  Conflict,
  Forbidden,
  NotFound,
  PayloadTooLarge,
  RuleBroken,
  ServiceUnavailable,
  TooManyRequests,
  Unauthorized,
  UnsupportedMediaType,
  ValidationError,
  type DomainError,
} from '@printshop/shared-events/errors';
import { WrongExpectedVersion } from '@printshop/shared-events/event-store';
import { natsUrl } from '@printshop/test/support/database';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';
import { ensureCheckpoint, migrateProjections, setStatus } from '@printshop/projections/runner/checkpoints';
import { readProjectionStatus } from '@printshop/projections/runner/status';
import { createNatsBus } from '../../bus/nats-bus';
import { createLogger } from '../../logger';
import { createDb } from '../../postgres/db';
import { createGateway } from '../create-gateway';
import { createMetrics } from '../metrics';
import { busCheck, databaseCheck, eventStoreCheck, projectionsCheck, reactorsCheck } from '../readiness';
import {
  migrateReactors,
  readReactorCheckpoint,
  readReactorStatus,
  saveReactorCheckpoint,
  saveReactorError,
} from '@printshop/projections/reactors/checkpoints';

interface Server {
  url: string;
  close(): Promise<void>;
}

async function listen(app: ReturnType<typeof createGateway>): Promise<Server> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Log lines the gateways wrote, parsed. */
export const logLines: Array<Record<string, unknown>> = [];
let rawLog = '';
/** Everything the gateways logged, as written. */
export const loggedText = () => rawLog;
const logger = createLogger({
  level: 'debug',
  destination: new Writable({
    write(chunk, _encoding, done) {
      rawLog += String(chunk);
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  }),
});

export const domainErrors: Array<[string, () => DomainError, number, string]> = [
  [
    'validation',
    () => new ValidationError('Bad fields', { email: 'Enter an e-mail' }),
    400,
    'VALIDATION_ERROR',
  ],
  ['unauthorized', () => new Unauthorized('Sign in first'), 401, 'UNAUTHORIZED'],
  ['forbidden', () => new Forbidden('Admins only'), 403, 'FORBIDDEN'],
  ['not-found', () => new NotFound('No such order'), 404, 'NOT_FOUND'],
  ['conflict', () => new Conflict('E-mail taken'), 409, 'CONFLICT'],
  ['too-large', () => new PayloadTooLarge('File over 50 MiB'), 413, 'PAYLOAD_TOO_LARGE'],
  ['unsupported', () => new UnsupportedMediaType('Not an image'), 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ['rule', () => new RuleBroken('Cart is empty'), 422, 'RULE_BROKEN'],
  ['too-many', () => new TooManyRequests('Slow down', 30), 429, 'TOO_MANY_REQUESTS'],
  ['unavailable', () => new ServiceUnavailable('Payments are down'), 503, 'SERVICE_UNAVAILABLE'],
];

function testRouter(): Router {
  const router = new Router({ prefix: '/api/test' });
  for (const [name, make] of domainErrors) {
    router.get(`/errors/${name}`, () => {
      throw make();
    });
  }
  router.get('/errors/wrong-version', () => {
    throw new WrongExpectedVersion('cart-1', 3, 4);
  });
  router.get('/errors/crash', () => {
    throw new Error('database password is hunter2 at /secret/path');
  });
  const signUp = z.object({ email: z.email(), address: z.object({ postalCode: z.string().min(4) }) });
  router.post('/sign-up', (ctx) => {
    const body = signUp.parse(ctx.request.body);
    ctx.status = 201;
    ctx.body = { success: true, email: body.email };
  });
  router.post('/echo', (ctx) => {
    ctx.body = { success: true, body: ctx.request.body, rawLength: ctx.request.rawBody.length };
  });
  router.get('/items/:id', (ctx) => {
    ctx.body = { success: true, id: ctx.params.id };
  });
  // A long answer streamed slowly (a download): its first chunk at once, the rest never.
  router.get('/slow-stream', (ctx) => {
    const body = new Readable({ read() {} });
    body.push(Buffer.alloc(64 * 1024, 1));
    ctx.type = 'application/octet-stream';
    ctx.body = body;
  });
  // A download whose source fails after its first chunk (a disk error), the client still there.
  router.get('/broken-stream', (ctx) => {
    const body = new Readable({ read() {} });
    body.push(Buffer.alloc(64 * 1024, 1));
    setTimeout(() => body.destroy(new Error('disk read failed')), 50);
    ctx.type = 'application/octet-stream';
    ctx.body = body;
  });
  return router;
}

/** A second service answering another method of the same path (the query/command split). */
function testCommandRouter(): Router {
  const router = new Router({ prefix: '/api/test' });
  router.put('/items/:id', (ctx) => {
    ctx.body = { success: true, updated: ctx.params.id };
  });
  return router;
}

/** Real checkpoint rows: `catalog` at `catalogAt`, and `orders` failed at `ordersFailedAt` when given. */
async function seedProjections(store: TestStore, catalogAt: number, ordersFailedAt?: number) {
  await migrateProjections(store.db);
  await ensureCheckpoint(store.db, 'catalog');
  await store.db('projection_checkpoints').where({ name: 'catalog' }).update({ position: catalogAt });
  await setStatus(store.db, 'catalog', 'running');
  if (ordersFailedAt === undefined) return;
  await ensureCheckpoint(store.db, 'orders');
  await store
    .db('projection_checkpoints')
    .where({ name: 'orders' })
    .update({ position: ordersFailedAt - 1 });
  await setStatus(store.db, 'orders', 'failed', { error: 'handler threw', failedPosition: ordersFailedAt });
}

const statusOf = (store: TestStore) => async () =>
  readProjectionStatus(store.db, await store.store.headPosition());

/** Appends two events and waits until the store's safe head has reached them. */
async function twoEvents(store: TestStore) {
  await store.store.appendToStream('cart-1', [{ type: 'CartOpened', data: {} }], {
    expectedRevision: 'no_stream',
  });
  await store.store.appendToStream('cart-2', [{ type: 'CartOpened', data: {} }], {
    expectedRevision: 'no_stream',
  });
  // The safe head trails commits while other transactions of the cluster are open; it only grows.
  while ((await store.store.headPosition()) < 2) await new Promise((resolve) => setTimeout(resolve, 20));
}

export interface TestGateways {
  /** The gateway with the test routes, the frontend and every backing service answering. */
  readonly server: Server;
  /** The gateway whose database is missing and whose `orders` projection failed. */
  readonly failingServer: Server;
  /** A JSON answer of `server`. */
  getJson(
    pathname: string,
    init?: RequestInit,
  ): Promise<{ response: Response; body: Record<string, unknown> }>;
}

/** Starts both gateways before the calling file's tests and closes them, and what they use, after. */
export function gatewaysPerFile(): TestGateways {
  let testStore: TestStore;
  let failingStore: TestStore;
  let bus: Bus;
  let unreachableDb: Knex;
  let server: Server;
  let failingServer: Server;
  let frontendDir: string;
  const streamName = `TEST_GATEWAY_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    testStore = await createTestStore('gateway');
    await twoEvents(testStore);
    await seedProjections(testStore, 0);
    failingStore = await createTestStore('gateway_failing');
    await twoEvents(failingStore);
    await seedProjections(failingStore, 2, 2);
    bus = await createNatsBus({
      servers: natsUrl(),
      streamName,
      subjects: [`t${streamName.toLowerCase()}.>`],
      logger,
    });
    frontendDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-frontend-'));
    mkdirSync(path.join(frontendDir, 'assets'));
    writeFileSync(
      path.join(frontendDir, 'index.html'),
      '<!doctype html><title>PrintShop</title><div id="root"></div>',
    );
    writeFileSync(path.join(frontendDir, 'assets', 'app-abc123.js'), 'console.log("shop")');

    const { store, db } = testStore;
    // A reactor that published the first event and is retrying the second (the bus refused it).
    await migrateReactors(db);
    await readReactorCheckpoint(db, 'mail');
    await saveReactorCheckpoint(db, 'mail', 1);
    await saveReactorError(db, 'mail', 'publish failed: no responders');
    const metrics = createMetrics({
      projectionLags: async () =>
        (await statusOf(testStore)()).map(({ name, lag }) => ({ projection: name, lag })),
      reactorLags: async () =>
        (await readReactorStatus(db, await store.headPosition())).map(({ name, lag }) => ({
          reactor: name,
          lag,
        })),
    });
    server = await listen(
      createGateway({
        logger,
        routers: [testRouter(), testCommandRouter()],
        metrics,
        frontendDir,
        readiness: {
          checks: {
            database: databaseCheck(db),
            eventStore: eventStoreCheck(store),
            bus: busCheck(bus),
            projections: projectionsCheck(statusOf(testStore)),
            reactors: reactorsCheck(async () => readReactorStatus(db, await store.headPosition())),
          },
        },
      }),
    );

    // A database that does not exist: the check reaches a real server and gets a real refusal.
    const missing = new URL(testStore.url);
    missing.pathname = `/ps_missing_${randomBytes(4).toString('hex')}`;
    unreachableDb = createDb(missing.toString());
    failingServer = await listen(
      createGateway({
        logger,
        routers: [],
        metrics: createMetrics(),
        readiness: {
          checks: {
            database: databaseCheck(unreachableDb),
            bus: busCheck(bus),
            projections: projectionsCheck(statusOf(failingStore)),
          },
        },
      }),
    );
  });

  afterAll(async () => {
    await server?.close();
    await failingServer?.close();
    await unreachableDb?.destroy();
    await bus?.close();
    const nc = await connect({ servers: natsUrl() });
    await (await nc.jetstreamManager()).streams.delete(streamName).catch(() => undefined);
    await nc.close();
    await testStore?.close();
    await failingStore?.close();
    if (frontendDir) rmSync(frontendDir, { recursive: true, force: true });
  });

  return {
    get server() {
      return server;
    },
    get failingServer() {
      return failingServer;
    },
    async getJson(pathname, init) {
      const response = await fetch(server.url + pathname, init);
      return { response, body: (await response.json()) as Record<string, unknown> };
    },
  };
}
