// "N people viewing" over HTTP (API.md "Catalog and settings", POST /api/products/:sku/viewers): the
// figure counts shoppers who have the page open, each once whatever their tabs or devices, and
// each browser once, signed in or not (a visitor without a session by address and browser, handed
// no cookie); a page left for
// longer than the window stops counting; one address's network adds at most VIEWERS_PER_NETWORK;
// unknown and hidden products are 404; one address is held to VIEWERS_CALLS_PER_MINUTE calls a
// minute, counted before anything else; a shopper is stored as a hash only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import {
  productViewersResponseSchema,
  VIEWERS_CALLS_PER_MINUTE,
  VIEWERS_PER_NETWORK,
  VIEWERS_WINDOW_MS,
} from '@printshop/shared-events/api/viewers';
import { PRODUCT_VIEWERS_TABLE, productViewers } from '@printshop/infra/viewers/product-viewers';
import type { TestApp } from '@printshop/test/support/app';
import { browser, type Browser } from '../cart/support';
import { adminApi, startAdminApp } from '../admin/support';

let app: TestApp;
beforeAll(async () => {
  app = await startAdminApp('product_viewers');
});
afterAll(async () => {
  await app?.stop();
});

/** Every heartbeat this file sends comes from 127.0.0.1: the limit counts them all. */
let calls = 0;

/** A guest with a session of their own (their cart was read once). */
async function guest() {
  const shopper = browser(app);
  await shopper.call('GET', '/api/cart?currency=USD&country=US');
  return shopper;
}

async function heartbeat(shopper: Browser, sku: string) {
  calls++;
  return shopper.call('POST', `/api/products/${sku}/viewers`);
}

async function viewersSeenBy(shopper: Browser, sku: string): Promise<number> {
  const answer = await heartbeat(shopper, sku);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return productViewersResponseSchema.parse(answer.body).viewers;
}

describe('POST /api/products/:sku/viewers', () => {
  it('given two guests on one page, then each counts once, however often they call, and only on that page', async () => {
    const [first, second] = [await guest(), await guest()];
    expect(await viewersSeenBy(first, 'POSTERA4')).toBe(1);
    expect(await viewersSeenBy(second, 'POSTERA4')).toBe(2);
    expect(await viewersSeenBy(first, 'POSTERA4')).toBe(2);
    expect(await viewersSeenBy(first, 'POSTERA3')).toBe(1);
  });

  it('given a signed-in shopper on two devices (each its own guest session), then they are one viewer', async () => {
    const phone = await guest();
    const credentials = await phone.register();
    const laptop = await guest();
    expect((await laptop.login(credentials)).status).toBe(200);
    expect(phone.guestSession).not.toBe(laptop.guestSession);
    expect(await viewersSeenBy(phone, 'GREETINGCARDPORTRAIT')).toBe(1);
    expect(await viewersSeenBy(laptop, 'GREETINGCARDPORTRAIT')).toBe(1);
  });

  it('given a guest alone on a page, when they sign in and come back, and sign out and come back, then they are still one viewer', async () => {
    const shopper = await guest();
    expect(await viewersSeenBy(shopper, 'SQUAREPHOTO3INCH')).toBe(1);
    await shopper.register();
    expect(await viewersSeenBy(shopper, 'SQUAREPHOTO3INCH')).toBe(1);
    shopper.signOut();
    expect(await viewersSeenBy(shopper, 'SQUAREPHOTO3INCH')).toBe(1);

    // Another shopper still sees the two of them.
    expect(await viewersSeenBy(await guest(), 'SQUAREPHOTO3INCH')).toBe(2);
  });

  it('given visitors without a session, then each browser at an address counts once, and none is handed a cookie', async () => {
    const visit = async (userAgent: string) => {
      calls++;
      const response = await fetch(`${app.url}/api/products/5X7PHOTOPRINT/viewers`, {
        method: 'POST',
        headers: { 'user-agent': userAgent },
      });
      expect(response.headers.getSetCookie()).toEqual([]);
      return productViewersResponseSchema.parse(await response.json()).viewers;
    };
    expect(await visit('Phone/1.0')).toBe(1);
    expect(await visit('Phone/1.0')).toBe(1);
    expect(await visit('Laptop/2.0')).toBe(2);
  });

  it(`given more guests at one address than ${VIEWERS_PER_NETWORK} on one page (a script minting sessions), then the figure stops at ${VIEWERS_PER_NETWORK}`, async () => {
    const figures: number[] = [];
    for (let i = 0; i < VIEWERS_PER_NETWORK + 2; i++)
      figures.push(await viewersSeenBy(await guest(), 'LARGERETROPOLAROIDBLACK'));
    expect(figures).toEqual([1, 2, 3, 4, 5, 6].map((n) => Math.min(n, VIEWERS_PER_NETWORK)));
  });

  it('given a shopper seen, then the table holds a hash of who they are, never their session', async () => {
    const shopper = await guest();
    await viewersSeenBy(shopper, '4X6PHOTOPRINT');
    const rows = await app
      .db(PRODUCT_VIEWERS_TABLE)
      .where('sku', '4X6PHOTOPRINT')
      .select('viewer', 'browser');
    expect(rows).toHaveLength(1);
    const session = shopper.guestSession;
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    for (const column of ['viewer', 'browser']) {
      expect(rows[0][column]).not.toContain(session!);
      expect(rows[0][column]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('when the product is unknown or hidden, then 404 with the contract error', async () => {
    const shopper = await guest();
    const unknown = await heartbeat(shopper, 'NOSUCHSKU');
    expect(unknown.status).toBe(404);
    expect(errorResponseSchema.parse(unknown.body).message).toBe('Product not found');

    const admin = await adminApi(app);
    expect((await admin.call('PATCH', '/api/admin/catalog/SQUAREPHOTO4INCH', { hidden: true })).status).toBe(
      200,
    );
    const hidden = await heartbeat(shopper, 'SQUAREPHOTO4INCH');
    expect(hidden.status).toBe(404);
    expect(errorResponseSchema.parse(hidden.body).message).toBe('This product is no longer available.');
  });

  it(`given ${VIEWERS_CALLS_PER_MINUTE} calls from one address within a minute, then the next is 429 with Retry-After, even for an unknown product`, async () => {
    const shopper = await guest();
    while (calls < VIEWERS_CALLS_PER_MINUTE) expect((await heartbeat(shopper, 'POSTERA4')).status).toBe(200);
    const refused = await heartbeat(shopper, 'NOSUCHSKU');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(errorResponseSchema.parse(refused.body).code).toBe('TOO_MANY_REQUESTS');
  });
});

/** A fresh store's `seen` on `sku`, for shoppers whose browser has no session. */
function seenOn(sku: string) {
  const viewers = productViewers(app.db);
  return (shopper: string, network: string, at: Date) =>
    viewers.seen(sku, { shopper, network, browser: '' }, at);
}

describe('the viewers window', () => {
  it(`given a shopper seen ${VIEWERS_WINDOW_MS / 1000} s ago, then they no longer count, and their row is deleted`, async () => {
    const seen = seenOn('WIDEPOLAROIDWHITE');
    const at = new Date('2026-06-01T10:00:00Z');
    const later = (ms: number) => new Date(at.getTime() + ms);
    expect(await seen('g-left', 'n-1', at)).toBe(1);
    expect(await seen('g-stays', 'n-2', later(30_000))).toBe(2);
    expect(await seen('g-stays', 'n-2', later(VIEWERS_WINDOW_MS))).toBe(1);
    // A heartbeat that arrives late never moves a shopper back in time.
    expect(await seen('g-stays', 'n-2', later(1_000))).toBe(1);
    const left = await app
      .db(PRODUCT_VIEWERS_TABLE)
      .where('sku', 'WIDEPOLAROIDWHITE')
      .select('viewer', 'seen_at');
    expect(left).toHaveLength(1);
    expect(left[0].seen_at).toEqual(later(VIEWERS_WINDOW_MS));
  });
});

describe('the cap per network', () => {
  it(`given ${VIEWERS_PER_NETWORK + 1} shoppers from one network and one from another, then the figure is ${VIEWERS_PER_NETWORK + 1}, whoever asks`, async () => {
    const at = new Date('2026-06-02T10:00:00Z');
    const seenAt = seenOn('WIDEPOLAROIDBLACK');
    const seen = (shopper: string, network: string) => seenAt(shopper, network, at);
    const office = Array.from({ length: VIEWERS_PER_NETWORK + 1 }, (_, i) => `g-office-${i}`);
    const figures = [];
    for (const shopper of office) figures.push(await seen(shopper, '203.0.113.9'));
    expect(figures).toEqual(office.map((_, i) => Math.min(i + 1, VIEWERS_PER_NETWORK)));
    expect(await seen('g-home', '2001:db8:5:1::/64')).toBe(VIEWERS_PER_NETWORK + 1);
    // The office's shoppers see the same figure: their own network is still capped.
    expect(await seen(office[0]!, '203.0.113.9')).toBe(VIEWERS_PER_NETWORK + 1);
    expect(await seen(office.at(-1)!, '203.0.113.9')).toBe(VIEWERS_PER_NETWORK + 1);
  });
});
