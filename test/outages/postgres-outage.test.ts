// The shop through a Postgres outage, on a Postgres server of this file's own: stopped, then started
// again; frozen (SIGSTOP), then continued. Every call that needs the database answers 503 with
// Retry-After and API.md's JSON error, promptly, never hanging; once the server is back, the same
// calls succeed within seconds with no restart of the shop, and the projections catch up.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import { silentLogger } from '@printshop/shared-events/logger';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { browser, type Answer, type Browser } from '@printshop/test/cart/support';
import { startOwnPostgres, type OwnPostgres } from './support/own-postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Longest a call may take to say the database is down (the issue's bound). */
const ANSWER_WITHIN_MS = 5_000;
/** Longest the shop may take to serve again once the server is back. */
const RECOVER_WITHIN_MS = 8_000;
/** Longest the projections and listeners may take to follow again once the shop serves. */
const CATCH_UP_WITHIN_MS = 8_000;
/** How long the server stays stopped: long enough for every retry loop to back off a good while. */
const OUTAGE_MS = 20_000;

let server: OwnPostgres | undefined;
let app: TestApp | undefined;
let shopper: Browser;
let member: Browser;
let account: { email: string; password: string };
let imageId: string;
/** The products as listed before the outage. */
let listedBefore: unknown;
let frontendDir: string;

/** A built frontend as the gateway serves it: the home page and a product page prerendered. */
function builtFrontend(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-outage-front-'));
  const page = (body: string) =>
    `<!doctype html><html><head></head><body><div id="root">${body}</div></body></html>`;
  mkdirSync(path.join(dir, 'product', '4x6-photo-prints'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), page('<h1>Home</h1>'));
  writeFileSync(path.join(dir, 'shell.html'), page(''));
  writeFileSync(
    path.join(dir, 'product', '4x6-photo-prints', 'index.html'),
    page('<h1>4x6 Photo Prints</h1>'),
  );
  writeFileSync(path.join(dir, 'prerendered.json'), JSON.stringify(['/', '/product/4x6-photo-prints']));
  return dir;
}

beforeAll(async () => {
  server = await startOwnPostgres();
  frontendDir = builtFrontend();
  // Postgres is stopped and frozen on purpose: the shop's parts rightly log errors meanwhile.
  app = await startTestApp({
    label: 'outage',
    databaseServerUrl: server.url,
    frontendDir,
    logger: silentLogger,
  });
  shopper = browser(app);
  imageId = await shopper.uploadImage();
  expect((await addItem()).status).toBe(201);
  listedBefore = (await shopper.call('GET', '/api/products')).body;
  member = browser(app);
  account = await member.register();
});

afterAll(async () => {
  // Whatever happened, the server is continued and running before the shop and it are taken down.
  server?.thaw();
  await server?.start().catch(() => undefined);
  try {
    await app?.stop();
  } finally {
    await server?.dispose();
    if (frontendDir) rmSync(frontendDir, { recursive: true, force: true });
  }
});

const addItem = () =>
  shopper.call('POST', '/api/cart/item', { sku: 'POSTERA4', quantity: 1, croppedImageId: imageId });

/** The calls that need the database, each timed. */
const callsNeedingTheDatabase: Record<string, () => Promise<Answer>> = {
  // A cart this gateway does not keep in memory (a kept one still answers while the server is
  // frozen: nothing can change it meanwhile, and the LISTEN connection that drops it is not lost).
  'GET /api/cart': () => browser(app!).call('GET', '/api/cart'),
  'POST /api/cart/item': addItem,
  'POST /api/auth/login': () => browser(app!).call('POST', '/api/auth/login', account),
  'GET /api/auth/me': () => member.call('GET', '/api/auth/me'),
};

async function timed(call: () => Promise<Answer>): Promise<{ answer: Answer; ms: number }> {
  const started = performance.now();
  const answer = await call();
  return { answer, ms: Math.round(performance.now() - started) };
}

async function expectAllUnavailable(): Promise<Record<string, number>> {
  const results = await Promise.all(
    Object.entries(callsNeedingTheDatabase).map(async ([name, call]) => [name, await timed(call)] as const),
  );
  const times: Record<string, number> = {};
  for (const [name, { answer, ms }] of results) {
    const said = `${name}: ${answer.status} ${JSON.stringify(answer.body)}`;
    expect(answer.status, said).toBe(503);
    expect(Number(answer.headers.get('retry-after')), said).toBeGreaterThan(0);
    const body = errorResponseSchema.parse(answer.body);
    expect(body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(JSON.stringify(answer.body)).not.toMatch(/\bat .+:\d+:\d+/);
    expect(ms, `${name} took ${ms} ms`).toBeLessThan(ANSWER_WITHIN_MS);
    times[name] = ms;
  }
  return times;
}

/** API.md: the catalog still answers in an outage, as last read, marked stale. */
async function expectCatalogAsLastRead(): Promise<number> {
  const started = performance.now();
  const products = await shopper.call('GET', '/api/products');
  const ms = Math.round(performance.now() - started);
  expect(products.status, JSON.stringify(products.body)).toBe(200);
  expect(products.headers.get('x-stale')).toBe('1');
  expect(products.body).toEqual(listedBefore);
  const settings = await shopper.call('GET', '/api/settings');
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  // A signed-in shopper's calls carry a token, whose session is not checked for these.
  const signedIn = await member.call('GET', '/api/products');
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  expect(signedIn.body).toEqual(listedBefore);
  expect((await member.call('GET', '/healthz')).status).toBe(200);
  expect(ms, `the catalog took ${ms} ms`).toBeLessThan(ANSWER_WITHIN_MS);
  return ms;
}

/**
 * The storefront's pages need no database: they are served as built, at once (the hidden products
 * they are marked with go as last read when the lookup is slow; serve-frontend.ts).
 */
async function expectPagesServed(): Promise<Record<string, number>> {
  const times: Record<string, number> = {};
  for (const pathname of ['/', '/product/4x6-photo-prints', '/cart']) {
    const started = performance.now();
    const page = await fetch(`${app!.url}${pathname}`, { headers: { accept: 'text/html' } });
    const html = await page.text();
    times[pathname] = Math.round(performance.now() - started);
    expect(page.status, pathname).toBe(200);
    expect(html, pathname).toContain('<div id="root">');
    expect(times[pathname], `${pathname} took ${times[pathname]} ms`).toBeLessThan(2_000);
  }
  return times;
}

/** Polls until every call succeeds again; the time it took from `since`. */
async function recovery(since: number): Promise<number> {
  for (;;) {
    const answers = await Promise.all([
      shopper.call('GET', '/api/cart'),
      browser(app!).call('POST', '/api/auth/login', account),
      member.call('GET', '/api/auth/me'),
    ]);
    if (answers.every((answer) => answer.status === 200)) return Math.round(performance.now() - since);
    if (performance.now() - since > RECOVER_WITHIN_MS) {
      throw new Error(
        `not recovered after ${RECOVER_WITHIN_MS} ms: ${answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`).join(' | ')}`,
      );
    }
    await sleep(200);
  }
}

/**
 * A new add after the outage reaches the cart's read model (the projections caught up); the time
 * from the add until a read shows it. A fresh guest: an add cut during the freeze may still have
 * committed when the server went on (its 503 means "unknown"), so the shopper's count proves nothing.
 */
async function newAddReachesTheReadModel(): Promise<number> {
  const guest = browser(app!);
  const image = await guest.uploadImage();
  const added = await guest.call('POST', '/api/cart/item', {
    sku: 'POSTERA4',
    quantity: 2,
    croppedImageId: image,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const since = performance.now();
  // The browser sends X-Min-Position: each read waits (up to 3 s) for the projection to pass the add.
  for (;;) {
    const cart = await guest.call('GET', '/api/cart');
    expect(cart.status).toBe(200);
    if (cart.headers.get('x-stale') === null && cart.body.totalQuantity === 2) {
      return Math.round(performance.now() - since);
    }
    expect(performance.now() - since, 'the carts projection did not catch up').toBeLessThan(
      CATCH_UP_WITHIN_MS,
    );
  }
}

/** The event store's LISTEN connection is open on the server (again). */
async function listenerIsBack(): Promise<number> {
  const since = performance.now();
  for (;;) {
    const client = new pg.Client({ connectionString: server!.url });
    await client.connect();
    const { rows } = await client
      .query<{ count: number }>(
        "select count(*)::int as count from pg_stat_activity where query = 'listen es_appended'",
      )
      .finally(() => client.end());
    if (rows[0]!.count > 0) return Math.round(performance.now() - since);
    expect(performance.now() - since, 'no LISTEN connection came back').toBeLessThan(CATCH_UP_WITHIN_MS);
    await sleep(200);
  }
}

async function expectReady() {
  const ready = await fetch(`${app!.url}/readyz`);
  expect(ready.status, await ready.clone().text()).toBe(200);
}

describe.sequential('Postgres outage', () => {
  it(
    'given Postgres is stopped, when calls need it, then each answers 503 with Retry-After at once',
    { timeout: 90_000 },
    async () => {
      await server!.stop();
      const times = await expectAllUnavailable();
      console.log('[outage] stopped: time to 503 (ms)', times);
      console.log('[outage] stopped: pages served in (ms)', await expectPagesServed());
      // What does not need the database still works: the catalog as last read, the contract.
      console.log('[outage] stopped: catalog as last read in (ms)', await expectCatalogAsLastRead());
      expect((await shopper.call('GET', '/api/openapi.json')).status).toBe(200);
      expect((await fetch(`${app!.url}/readyz`)).status).toBe(503);
      await sleep(OUTAGE_MS);
      // Still 503 and prompt after a long outage.
      await expectAllUnavailable();
    },
  );

  it('given Postgres was stopped, when it starts again, then the shop serves within seconds by itself', async () => {
    await server!.start();
    const ms = await recovery(performance.now());
    const caughtUp = await newAddReachesTheReadModel();
    const listening = await listenerIsBack();
    console.log(
      `[outage] restarted: serving after ${ms} ms; a new add read back after ${caughtUp} ms; LISTEN back after ${listening} ms more`,
    );
    await expectReady();
  });

  it('given Postgres is frozen (SIGSTOP), when calls need it, then each answers 503 within 5 s', async () => {
    server!.freeze();
    const times = await expectAllUnavailable();
    console.log('[outage] frozen: time to 503 (ms)', times);
    console.log('[outage] frozen: pages served in (ms)', await expectPagesServed());
    console.log('[outage] frozen: catalog as last read in (ms)', await expectCatalogAsLastRead());
    // Still frozen a while later: calls keep answering, they do not pile up behind the freeze.
    await sleep(1_000);
    const again = await expectAllUnavailable();
    console.log('[outage] still frozen: time to 503 (ms)', again);
  });

  it('given Postgres was frozen, when it continues (SIGCONT), then the shop serves within seconds by itself', async () => {
    server!.thaw();
    const ms = await recovery(performance.now());
    const caughtUp = await newAddReachesTheReadModel();
    console.log(`[outage] continued: serving after ${ms} ms; a new add read back after ${caughtUp} ms`);
    await expectReady();
  });
});
