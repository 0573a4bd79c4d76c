// The gateway over real HTTP, with a real database, event store and NATS behind /readyz.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { createNatsBus } from '../bus/nats-bus';
import { createLogger } from '../logger';
import { createDb } from '../postgres/db';
import { createGateway } from './create-gateway';
import { createMetrics } from './metrics';
import { busCheck, databaseCheck, eventStoreCheck, projectionsCheck } from './readiness';

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

/** Log lines the gateway wrote, parsed. */
const logLines: Array<Record<string, unknown>> = [];
let rawLog = '';
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

const domainErrors: Array<[string, () => DomainError, number, string]> = [
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

let testStore: TestStore;
let failingStore: TestStore;
let bus: Bus;
let unreachableDb: Knex;
let server: Server;
let failingServer: Server;
let frontendDir: string;
const streamName = `TEST_GATEWAY_${randomBytes(4).toString('hex')}`;

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
  const metrics = createMetrics({
    projectionLags: async () =>
      (await statusOf(testStore)()).map(({ name, lag }) => ({ projection: name, lag })),
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

const getJson = async (pathname: string, init?: RequestInit) => {
  const response = await fetch(server.url + pathname, init);
  return { response, body: (await response.json()) as Record<string, unknown> };
};

describe('request ids', () => {
  it('given no X-Request-Id, when a request is made, then a fresh uuid is returned', async () => {
    const { response } = await getJson('/healthz');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('given an X-Request-Id, when a request is made, then the same id is echoed and logged', async () => {
    const { response } = await getJson('/api/test/items/7', { headers: { 'X-Request-Id': 'lb-req-42' } });
    expect(response.headers.get('x-request-id')).toBe('lb-req-42');
    expect(logLines).toContainEqual(
      expect.objectContaining({
        requestId: 'lb-req-42',
        method: 'GET',
        path: '/api/test/items/7',
        status: 200,
      }),
    );
  });

  it('given a malformed X-Request-Id, when a request is made, then it is replaced by a uuid', async () => {
    const { response } = await getJson('/healthz', { headers: { 'X-Request-Id': 'a b\tc' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('errors', () => {
  it.each(domainErrors)(
    'given a route throwing %s, then the JSON error of API.md',
    async (name, make, status, code) => {
      const { response, body } = await getJson(`/api/test/errors/${name}`);
      const error = make();
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(body).toEqual({
        success: false,
        message: error.message,
        code,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    },
  );

  it('given TooManyRequests, then Retry-After carries its seconds', async () => {
    const { response } = await getJson('/api/test/errors/too-many');
    expect(response.headers.get('retry-after')).toBe('30');
  });

  it('given a lost optimistic-concurrency race, then 409 CONFLICT', async () => {
    const { response, body } = await getJson('/api/test/errors/wrong-version');
    expect(response.status).toBe(409);
    expect(body).toMatchObject({ success: false, code: 'CONFLICT' });
  });

  it('given a zod failure, then 400 with a message per field path', async () => {
    const { response, body } = await getJson('/api/test/sign-up', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email', address: { postalCode: 12 } }),
    });
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const errors = body.errors as Record<string, string>;
    expect(Object.keys(errors).sort()).toEqual(['address.postalCode', 'email']);
    expect(errors['email']).toMatch(/email/i);
    expect(errors['address.postalCode']).toMatch(/string/i);
  });

  it('given a valid body, then the route answers', async () => {
    const { response, body } = await getJson('/api/test/sign-up', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ann@example.com', address: { postalCode: '10115' }, extra: 'ignored' }),
    });
    expect(response.status).toBe(201);
    expect(body).toEqual({ success: true, email: 'ann@example.com' });
  });

  it('given malformed JSON, then 400 INVALID_JSON', async () => {
    const { response, body } = await getJson('/api/test/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"quantity": 2,',
    });
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'INVALID_JSON' });
  });

  it('given a body of exactly 1 MiB, then it is accepted and its raw bytes are kept', async () => {
    const text = JSON.stringify({ note: '' });
    const payload = JSON.stringify({ note: 'x'.repeat(1024 * 1024 - text.length) });
    expect(Buffer.byteLength(payload)).toBe(1024 * 1024);
    const { response, body } = await getJson('/api/test/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: payload,
    });
    expect(response.status).toBe(200);
    expect(body.rawLength).toBe(payload.length);
  });

  it('given a body over 1 MiB, then 413 PAYLOAD_TOO_LARGE', async () => {
    const { response, body } = await getJson('/api/test/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ note: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('given an unknown /api route, then a JSON 404', async () => {
    const { response, body } = await getJson('/api/nothing/here');
    expect(response.status).toBe(404);
    expect(body).toEqual({ success: false, message: 'Not found: GET /api/nothing/here', code: 'NOT_FOUND' });
  });

  it('given a known route with the wrong method, then a JSON 405 with Allow', async () => {
    const { response, body } = await getJson('/api/test/items/7', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
    expect(body).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });
  });

  it('given a path two routers serve, then each answers its method and a 405 names both', async () => {
    expect((await getJson('/api/test/items/7', { method: 'PUT' })).body).toEqual({
      success: true,
      updated: '7',
    });
    const { response } = await getJson('/api/test/items/7', { method: 'DELETE' });
    expect(response.headers.get('allow')?.split(/, */).sort()).toEqual(['GET', 'HEAD', 'PUT']);
  });

  it('given a method no route implements, then a JSON 501', async () => {
    const { response, body } = await getJson('/api/test/items/7', { method: 'PROPFIND' });
    expect(response.status).toBe(501);
    expect(body).toMatchObject({ success: false, code: 'NOT_IMPLEMENTED' });
  });

  it('given an unexpected error, then a bare 500 without stack, logged with the request id and stack', async () => {
    const { response, body } = await getJson('/api/test/errors/crash', {
      headers: { 'X-Request-Id': 'crash-1' },
    });
    expect(response.status).toBe(500);
    expect(body).toEqual({ success: false, message: 'Internal server error', code: 'INTERNAL' });
    const logged = logLines.find((line) => line.requestId === 'crash-1' && line.err);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged?.err)).toContain('hunter2');
    expect(JSON.stringify(logged?.err)).toContain('gateway.test.ts');
  });

  it('given credentials in a request, then the logs never contain them', async () => {
    await getJson('/api/test/echo', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: 'Bearer secret-token-123',
        Cookie: 'cart_session=cookie-value-456',
      },
      body: JSON.stringify({ password: 'pass-word-789' }),
    });
    expect(rawLog).not.toMatch(/secret-token-123|cookie-value-456|pass-word-789/);
  });
});

describe('security headers', () => {
  it('given a response outside /api, then helmet headers and the app CSP are set', async () => {
    const { response } = await getJson('/healthz');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
  });

  it('given an /api answer, even an error, then it may not be framed, sniffed or run anything', async () => {
    for (const path of ['/api/test/echo', '/api/unknown']) {
      const { response } = await getJson(path);
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    }
  });
});

describe('frontend', () => {
  it('given a client-side route, then index.html is served', async () => {
    const response = await fetch(`${server.url}/orders/42`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('given a hashed asset, then it is served with a long cache', async () => {
    const response = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toContain('shop');
  });

  it('given an unknown /api path, then it is not answered with index.html', async () => {
    const response = await fetch(`${server.url}/api/orders/42`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(404);
  });
});

describe('operations', () => {
  it('given the process is up, then /healthz answers 200', async () => {
    const { response, body } = await getJson('/healthz');
    expect(response.status).toBe(200);
    expect(body).toEqual({ success: true, status: 'up' });
  });

  it('given every backing service answers, then /readyz is 200 with each check and projection lag', async () => {
    const { response, body } = await getJson('/readyz');
    expect(response.status).toBe(200);
    const checks = body.checks as Record<string, Record<string, unknown>>;
    expect(checks.database).toEqual({ ok: true });
    expect(checks.eventStore).toEqual({ ok: true, headPosition: 2 });
    expect(checks.bus).toEqual({ ok: true });
    expect(checks.projections).toMatchObject({
      ok: true,
      failed: [],
      projections: [{ name: 'catalog', position: 0, lag: 2, status: 'running', error: null }],
    });
  });

  it('given the database is unreachable and a projection failed, then /readyz is 503 with details', async () => {
    const response = await fetch(`${failingServer.url}/readyz`);
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(503);
    expect(body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(body.message).toBe('Not ready: database, projections');
    const checks = body.checks as Record<string, Record<string, unknown>>;
    expect(checks.database?.ok).toBe(false);
    expect(checks.database?.error).toMatch(/does not exist/);
    expect(checks.bus).toEqual({ ok: true });
    expect(checks.projections).toMatchObject({
      ok: false,
      failed: ['orders'],
      projections: [
        { name: 'catalog', position: 2, lag: 0, status: 'running' },
        { name: 'orders', position: 1, lag: 1, status: 'failed', error: 'handler threw', failedPosition: 2 },
      ],
    });
  });

  it('given some traffic, then /metrics has defaults, request durations by route and projection lag', async () => {
    await getJson('/api/test/items/1');
    await getJson('/api/test/items/2');
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/test\/items\/:id",status="200"\} [2-9]/,
    );
    expect(text).toContain('printshop_projection_lag_events{projection="catalog"} 2');
  });
});
