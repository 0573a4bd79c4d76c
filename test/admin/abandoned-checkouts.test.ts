// Abandoned checkouts over HTTP: which checkouts are listed (idle for N minutes, not paid, the
// latest of their cart), that paying later takes them off, paging, and the recovery e-mail: sent
// once through the mail reactor into the dev mailbox, 409 the second time.
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  abandonedCheckoutsResponseSchema,
  recoveryEmailResponseSchema,
} from '@printshop/shared-events/api/admin';
import type { EventStore } from '@printshop/shared-events/event-store';
import type { CheckoutStartedData } from '@printshop/shared-events/events/checkout';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { decodedBody, header } from '@printshop/test/support/smtp';
import { appStore, client } from '../accounts/support';
import { adminToken, REPORTS_TEST_ENV } from './reports-support';

let app: TestApp;
let store: EventStore;
let token: string;
/** The position of the last event written by the test, for read-your-writes. */
let position = 0;

beforeAll(async () => {
  app = await startTestApp({ label: 'abandoned', env: REPORTS_TEST_ENV });
  store = appStore(app);
  token = await adminToken(app);
}, 120_000);
afterAll(async () => {
  await store?.close();
  await app?.stop();
});

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

async function append(stream: string, type: string, data: object) {
  const result = await store.appendToStream(stream, [{ type, data, metadata: { actor: 'system' } }]);
  position = Math.max(position, result.position);
}

/** A checkout started `minutesAgo`, in EUR, with two lines. */
async function startCheckout(o: { minutesAgo: number; cartId?: string; email?: string | null }) {
  const checkoutId = randomUUID();
  const data: CheckoutStartedData = {
    checkoutId,
    cartId: o.cartId ?? randomUUID(),
    ...(o.email !== null && { email: o.email ?? `${checkoutId.slice(0, 8)}@example.com` }),
    country: 'DE',
    lines: [
      {
        lineId: 'l1',
        sku: 'POSTERA3',
        name: 'A3 Poster',
        quantity: 2,
        unitPrice: 1380,
        lineTotal: 2760,
        unitPriceUsd: 1500,
        croppedImageId: randomUUID(),
      },
      {
        lineId: 'l2',
        sku: '4X6PHOTOPRINT',
        name: '4x6 Photo Prints',
        quantity: 10,
        unitPrice: 55,
        lineTotal: 550,
        unitPriceUsd: 60,
        croppedImageId: randomUUID(),
      },
    ],
    amounts: {
      currency: 'EUR',
      subtotal: 3310,
      discount: 0,
      loyaltyDiscount: 0,
      loyaltyPoints: 0,
      shipping: 460,
      total: 3770,
      usdPaidSubtotal: 3600,
      usdTotal: 4100,
      rate: 0.92,
    },
    startedAt: ago(o.minutesAgo),
  };
  await append(`checkout-${checkoutId}`, 'CheckoutStarted', data);
  return data;
}

/** The checkout paid: its order placed (and the checkout completed), `minutesAgo`. */
async function pay(checkout: CheckoutStartedData, minutesAgo = 1) {
  const orderId = randomUUID();
  const at = ago(minutesAgo);
  await append(`order-${orderId}`, 'OrderPlaced', {
    orderId,
    orderNumber: `PS-${orderId.slice(0, 8)}`,
    checkoutId: checkout.checkoutId,
    cartId: checkout.cartId,
    email: checkout.email ?? 'x@example.com',
    lines: checkout.lines,
    amounts: checkout.amounts,
    shippingAddress: { fullName: 'A', phone: '1', line1: 'x', city: 'y', country: 'DE' },
    payment: { provider: 'stripe', paymentId: `pi_${orderId}`, testMode: true },
    placedAt: at,
  });
  await append(`checkout-${checkout.checkoutId}`, 'CheckoutCompleted', {
    checkoutId: checkout.checkoutId,
    orderId,
    orderNumber: `PS-${orderId.slice(0, 8)}`,
    at,
  });
}

async function list(query: Record<string, string | number> = {}) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const answer = await client(app).get(`/api/admin/abandoned-checkouts?${params}`, {
    token,
    headers: { 'x-min-position': String(position) },
  });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('x-stale')).toBeNull();
  return abandonedCheckoutsResponseSchema.parse(answer.body);
}

/** Every listed checkout id, all pages. */
async function listedIds(olderThanMinutes?: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await list({ ...(olderThanMinutes !== undefined && { olderThanMinutes }), page });
    ids.push(...answer.checkouts.map((c) => c.checkoutId));
    if (page >= answer.pagination.pages) return ids;
  }
}

describe('the abandoned list', () => {
  it('given a checkout idle for 3 hours, then it is listed with its e-mail, items, value and times for 60 and 120 minutes, not for 240', async () => {
    const checkout = await startCheckout({ minutesAgo: 180 });
    const answer = await list();
    const listed = answer.checkouts.find((c) => c.checkoutId === checkout.checkoutId);
    expect(listed).toEqual({
      checkoutId: checkout.checkoutId,
      email: checkout.email,
      items: [
        { sku: 'POSTERA3', name: 'A3 Poster', quantity: 2 },
        { sku: '4X6PHOTOPRINT', name: '4x6 Photo Prints', quantity: 10 },
      ],
      value: 37.7,
      currency: 'EUR',
      valueUsd: 41,
      startedAt: checkout.startedAt,
      lastActivityAt: checkout.startedAt,
      recoveryEmailRequestedAt: null,
    });
    expect(await listedIds(120)).toContain(checkout.checkoutId);
    expect(await listedIds(240)).not.toContain(checkout.checkoutId);
  });

  it('given a checkout started 2 hours ago with a declined payment 30 minutes ago, then it counts as idle for 30 minutes only', async () => {
    const checkout = await startCheckout({ minutesAgo: 120 });
    // A declined card is activity too (a failure, so no payment is left pending for the status job).
    await append(`payment-stripe_${checkout.checkoutId}`, 'PaymentFailed', {
      provider: 'stripe',
      reference: `pi_${checkout.checkoutId}`,
      checkoutId: checkout.checkoutId,
      message: 'Your card was declined.',
      at: ago(30),
    });
    expect(await listedIds(60)).not.toContain(checkout.checkoutId);
    const listed = (await list({ olderThanMinutes: 20 })).checkouts.find(
      (c) => c.checkoutId === checkout.checkoutId,
    );
    expect(listed?.lastActivityAt).not.toBe(checkout.startedAt);
    expect(Date.parse(listed!.lastActivityAt!)).toBeGreaterThan(Date.parse(checkout.startedAt));
  });

  it('given a listed checkout, when it is paid later, then it leaves the list', async () => {
    const checkout = await startCheckout({ minutesAgo: 90 });
    expect(await listedIds()).toContain(checkout.checkoutId);
    await pay(checkout);
    expect(await listedIds()).not.toContain(checkout.checkoutId);
  });

  it('given two checkouts of one cart, then only the later one is listed, and paying the earlier one takes both off', async () => {
    const cartId = randomUUID();
    const first = await startCheckout({ minutesAgo: 240, cartId });
    const second = await startCheckout({ minutesAgo: 200, cartId });
    const ids = await listedIds();
    expect(ids).toContain(second.checkoutId);
    expect(ids).not.toContain(first.checkoutId);
    // The customer paid in the tab of the first checkout after all.
    await pay(first);
    expect(await listedIds()).not.toContain(second.checkoutId);
  });

  it('given more checkouts than a page, then pages of 20 with the total, most recently active first', async () => {
    for (let i = 0; i < 22; i++) await startCheckout({ minutesAgo: 300 + i });
    const first = await list({ page: 1 });
    expect(first.checkouts).toHaveLength(20);
    expect(first.pagination).toMatchObject({ page: 1, limit: 20 });
    expect(first.pagination.total).toBeGreaterThanOrEqual(22);
    expect(first.pagination.pages).toBe(Math.ceil(first.pagination.total / 20));
    const activity = first.checkouts.map((c) => Date.parse(c.lastActivityAt!));
    expect(activity).toEqual([...activity].sort((a, b) => b - a));
    const all = await listedIds();
    expect(new Set(all).size).toBe(first.pagination.total);
  });

  it('given bad paging or age, then 400 naming the field', async () => {
    for (const [query, field] of [
      ['olderThanMinutes=0', 'olderThanMinutes'],
      ['olderThanMinutes=soon', 'olderThanMinutes'],
      ['page=0', 'page'],
    ] as const) {
      const answer = await client(app).get(`/api/admin/abandoned-checkouts?${query}`, { token });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors)).toEqual([field]);
    }
  });
});

describe('the recovery e-mail', () => {
  const send = (checkoutId: string) =>
    client(app).post(
      `/api/admin/abandoned-checkouts/${encodeURIComponent(checkoutId)}/recovery-email`,
      {},
      { token },
    );

  it('given an abandoned checkout, when an admin sends the recovery e-mail, then one mail reaches its address, and a second request is refused with 409', async () => {
    const checkout = await startCheckout({
      minutesAgo: 120,
      email: `Recover.${randomUUID().slice(0, 6)}@Example.com`,
    });
    const sent = await send(checkout.checkoutId);
    expect(sent.status).toBe(202);
    expect(recoveryEmailResponseSchema.parse(sent.body).checkoutId).toBe(checkout.checkoutId);
    position = Math.max(position, Number(sent.headers.get('x-event-position')));

    const again = await send(checkout.checkoutId);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');

    const listed = (await list()).checkouts.find((c) => c.checkoutId === checkout.checkoutId);
    expect(listed?.recoveryEmailRequestedAt).toBe(sent.body.requestedAt);

    const mails = await mailsTo(checkout.email!, 1);
    expect(mails).toHaveLength(1);
    const raw = mails[0]!;
    expect(header(raw, 'Subject')).toBe('Your PrintShop order is waiting');
    // decodedBody undoes quoted-printable byte by byte: read those bytes as the UTF-8 they are.
    const body = Buffer.from(decodedBody(raw), 'latin1').toString('utf8');
    expect(body).toContain('2 x A3 Poster');
    expect(body).toContain('10 x 4x6 Photo Prints');
    expect(body).toContain('€37.70');
    expect(body).toMatch(/https?:\/\/\S+\/cart/);
    // exactly one stays one: the 409 sent nothing more
    const events = await store.readStream(`checkout-${checkout.checkoutId}`);
    expect(events.filter((e) => e.type === 'RecoveryEmailRequested')).toHaveLength(1);
  });

  it('given two admins sending at the same moment, then one e-mail is asked for and the other gets 409', async () => {
    const checkout = await startCheckout({ minutesAgo: 120 });
    const answers = await Promise.all([send(checkout.checkoutId), send(checkout.checkoutId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    const events = await store.readStream(`checkout-${checkout.checkoutId}`);
    expect(events.filter((e) => e.type === 'RecoveryEmailRequested')).toHaveLength(1);
  });

  it('given an unknown checkout, a paid one or one without an e-mail, then 404, 422 and 422', async () => {
    expect((await send(randomUUID())).status).toBe(404);
    const paid = await startCheckout({ minutesAgo: 120 });
    await pay(paid);
    expect((await send(paid.checkoutId)).status).toBe(422);
    const anonymous = await startCheckout({ minutesAgo: 120, email: null });
    expect((await list()).checkouts.find((c) => c.checkoutId === anonymous.checkoutId)?.email).toBeNull();
    const answer = await send(anonymous.checkoutId);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(/no e-mail/);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The dev mailbox's messages to `to`, once at least `count` arrived (or what is there after 30 s). */
async function mailsTo(to: string, count: number): Promise<string[]> {
  const dir = path.join(app.dataDir, 'mail');
  let found: string[] = [];
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
    const raws = await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')));
    found = raws.filter((raw) => header(raw, 'To')?.toLowerCase() === to.toLowerCase());
    if (found.length >= count) break;
  }
  return found;
}
