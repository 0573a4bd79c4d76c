// The dashboard on a small known history around today (UTC): revenue (net, USD at each order's
// own rate), orders (paid less cancelled), average order value (net / orders), refunds (money
// given back), new customers and abandoned value for today, the last 7 and the last 30 days, each
// as the sales report has it for the same days; the latest orders without archived ones; the
// projections' lag.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardResponseSchema, salesReportResponseSchema } from '@printshop/shared-events/api/admin';
import type { EventStore } from '@printshop/shared-events/event-store';
import { allProjections } from '@printshop/projections/registry';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { appStore, client, register } from '../accounts/support';
import { adminToken, caughtUp, REPORTS_TEST_ENV } from './reports-support';

let app: TestApp;
let store: EventStore;
let token: string;

beforeAll(async () => {
  app = await startTestApp({ label: 'dashboard', env: REPORTS_TEST_ENV });
  store = appStore(app);
  token = await adminToken(app);
}, 120_000);
afterAll(async () => {
  await store?.close();
  await app?.stop();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const iso = (time: number) => new Date(time).toISOString();
const utcDay = (time: number) => iso(time).slice(0, 10);

let last = 0;
async function append(stream: string, type: string, data: object) {
  last = Math.max(last, (await store.appendToStream(stream, [{ type, data }])).position);
}

const lines = [
  {
    lineId: 'l1',
    sku: 'POSTERA3',
    name: 'A3 Poster',
    quantity: 2,
    unitPrice: 1,
    lineTotal: 2,
    unitPriceUsd: 1,
    croppedImageId: 'img',
  },
];

/** An order of `total` minor units of `currency`, worth `usdTotal` cents, placed at `at`. */
async function order(o: {
  currency: string;
  rate: number;
  total: number;
  usdTotal: number;
  at: number;
  paid: boolean;
}) {
  const orderId = randomUUID();
  const amounts = {
    currency: o.currency,
    subtotal: o.total,
    discount: 0,
    loyaltyDiscount: 0,
    loyaltyPoints: 0,
    shipping: 0,
    total: o.total,
    usdPaidSubtotal: o.usdTotal,
    usdTotal: o.usdTotal,
    rate: o.rate,
  };
  await append(`order-${orderId}`, 'OrderPlaced', {
    orderId,
    orderNumber: `PS-${orderId.slice(0, 8).toUpperCase()}`,
    checkoutId: randomUUID(),
    cartId: randomUUID(),
    email: `${orderId.slice(0, 8)}@example.com`,
    lines: [{ ...lines[0]!, unitPrice: o.total / 2, lineTotal: o.total }],
    amounts,
    shippingAddress: { fullName: 'A', phone: '1', line1: 'x', city: 'y', country: 'US' },
    payment: { provider: 'stripe', paymentId: `pi_${orderId}`, testMode: true },
    placedAt: iso(o.at),
  });
  if (o.paid) {
    await append(`order-${orderId}`, 'OrderPaid', {
      orderId,
      amount: o.total,
      currency: o.currency,
      at: iso(o.at),
    });
  }
  return orderId;
}

async function checkout(startedAt: number) {
  const checkoutId = randomUUID();
  await append(`checkout-${checkoutId}`, 'CheckoutStarted', {
    checkoutId,
    cartId: randomUUID(),
    email: 'c@example.com',
    country: 'US',
    lines,
    amounts: {
      currency: 'USD',
      subtotal: 2,
      discount: 0,
      loyaltyDiscount: 0,
      loyaltyPoints: 0,
      shipping: 0,
      total: 4100,
      usdPaidSubtotal: 4100,
      usdTotal: 4100,
      rate: 1,
    },
    startedAt: iso(startedAt),
  });
  return checkoutId;
}

async function userRegisteredAt(at: number) {
  const userId = randomUUID();
  await append(`user-${userId}`, 'UserRegistered', {
    userId,
    email: `${userId.slice(0, 8)}@example.com`,
    emailKey: `${userId.slice(0, 8)}@example.com`,
    firstName: 'Old',
    lastName: 'Customer',
    passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA',
    registeredAt: iso(at),
  });
}

describe('the dashboard', () => {
  it('given a known history around today, then each period holds exactly its own figures', async ({
    skip,
  }) => {
    const now = Date.now();
    const today = Date.parse(`${utcDay(now)}T00:00:00.000Z`);
    // Within today and never in the future, however early in the UTC day the test runs.
    const todayAt = Math.max(today, now - MINUTE);

    // Orders. Revenue is net of what happened in the days; orders and their average are the paid ones.
    const o1 = await order({
      currency: 'USD',
      rate: 1,
      total: 5000,
      usdTotal: 5000,
      at: todayAt,
      paid: true,
    });
    const o2 = await order({
      currency: 'EUR',
      rate: 0.92,
      total: 4600,
      usdTotal: 5000,
      at: today - 3 * DAY + 12 * HOUR,
      paid: true,
    });
    const o3 = await order({
      currency: 'USD',
      rate: 1,
      total: 2000,
      usdTotal: 2000,
      at: today - 10 * DAY,
      paid: true,
    });
    const o4 = await order({
      currency: 'USD',
      rate: 1,
      total: 10000,
      usdTotal: 10000,
      at: today - 40 * DAY,
      paid: true,
    });
    const o5 = await order({
      currency: 'USD',
      rate: 1,
      total: 1000,
      usdTotal: 1000,
      at: todayAt - 1000,
      paid: false,
    });
    await append(`order-${o3}`, 'OrderCancelled', { orderId: o3, by: 'admin:x', at: iso(todayAt) });
    await append(`order-${o4}`, 'OrderRefunded', {
      orderId: o4,
      amount: 3000,
      currency: 'USD',
      by: 'admin:x',
      at: iso(today - 5 * DAY + HOUR),
    });
    await append(`order-${o2}`, 'OrderArchived', { orderId: o2, by: 'admin:x', at: iso(todayAt) });

    // Customers: one registered now, one 10 days ago, one 45 days ago; the admin (registered now
    // too) is staff, not a customer.
    await register(client(app));
    await userRegisteredAt(today - 10 * DAY);
    await userRegisteredAt(today - 45 * DAY);

    // Checkouts: idle for 2 days (in 7 and 30); idle for 90 minutes (today when today is that long);
    // a paid one; one started 10 minutes ago (not idle long enough).
    await checkout(today - 2 * DAY + 2 * HOUR);
    const todayIsLong = now - today > 2 * HOUR;
    await checkout(todayIsLong ? now - 90 * MINUTE : today - DAY);
    const paidCheckout = randomUUID();
    await append(`checkout-${paidCheckout}`, 'CheckoutStarted', {
      checkoutId: paidCheckout,
      cartId: randomUUID(),
      country: 'US',
      lines,
      amounts: {
        currency: 'USD',
        subtotal: 2,
        discount: 0,
        loyaltyDiscount: 0,
        loyaltyPoints: 0,
        shipping: 0,
        total: 9900,
        usdPaidSubtotal: 9900,
        usdTotal: 9900,
        rate: 1,
      },
      startedAt: iso(today - DAY),
    });
    await append(`checkout-${paidCheckout}`, 'CheckoutCompleted', {
      checkoutId: paidCheckout,
      orderId: o1,
      orderNumber: 'PS-X',
      at: iso(today - DAY + MINUTE),
    });
    await checkout(now - 10 * MINUTE);

    await caughtUp(app.db, ['sales', 'abandoned_checkouts', 'users', 'orders'], last);
    const answer = await client(app).get('/api/admin/dashboard', {
      token,
      headers: { 'x-min-position': String(last) },
    });
    if (utcDay(Date.now()) !== utcDay(now)) skip('the UTC day changed while the test ran');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-stale')).toBeNull();
    const body = dashboardResponseSchema.parse(answer.body);
    expect(body.currency).toBe('USD');

    // today: o1 paid (+50), o3 cancelled (-20, -1 order); 7 days: + o2 (+50), o4's refund (-30);
    // 30 days: + o3's sale (+20, +1 order). o4's sale (40 days ago) and unpaid o5 count nowhere.
    // Orders are the sales report's (paid less cancelled in the days), the average is net / orders.
    expect(body.today).toEqual({
      revenue: 30,
      orders: 0,
      averageOrderValue: 0,
      refunds: 0,
      newCustomers: 1,
      abandonedValue: todayIsLong ? 41 : 0,
    });
    expect(body.last7Days).toEqual({
      revenue: 50,
      orders: 1,
      averageOrderValue: 50,
      refunds: 30,
      newCustomers: 1,
      abandonedValue: 82,
    });
    expect(body.last30Days).toEqual({
      revenue: 70,
      orders: 2,
      averageOrderValue: 35,
      refunds: 30,
      newCustomers: 2,
      abandonedValue: 82,
    });

    // Latest first; o2 is archived, so not listed.
    expect(body.latestOrders.map((o) => [o.id, o.status])).toEqual([
      [o1, 'paid'],
      [o5, 'pending_payment'],
      [o3, 'cancelled'],
      [o4, 'refunded'],
    ]);
    expect(body.latestOrders[0]).toMatchObject({ total: 50, currency: 'USD', itemCount: 2 });

    const names = body.projections!.map((p) => p.name);
    for (const projection of allProjections) expect(names).toContain(projection.name);
    expect(body.projectionLag).toBe(Math.max(...body.projections!.map((p) => p.lag)));
    expect(body.projections!.find((p) => p.name === 'sales')!.position).toBeGreaterThanOrEqual(last);
  });

  it('given 7 orders today of which 3 were cancelled (two of them then refunded in EUR and JPY), then today’s figures are the sales report’s: orders, net, average and the money refunded', async ({
    skip,
  }) => {
    const now = Date.now();
    const today = Date.parse(`${utcDay(now)}T00:00:00.000Z`);
    const todayAt = Math.max(today, now - MINUTE);
    const day = utcDay(now);
    const read = async () => {
      await caughtUp(app.db, ['sales', 'abandoned_checkouts', 'users', 'orders'], last);
      const dashboard = await client(app).get('/api/admin/dashboard', {
        token,
        headers: { 'x-min-position': String(last) },
      });
      expect(dashboard.status).toBe(200);
      const report = await client(app).get(
        `/api/admin/reports/sales?from=${day}&to=${day}&currency=USD-converted`,
        { token, headers: { 'x-min-position': String(last) } },
      );
      expect(report.status).toBe(200);
      return {
        today: dashboardResponseSchema.parse(dashboard.body).today,
        report: salesReportResponseSchema.parse(report.body).totals,
      };
    };
    const before = await read();

    const usd = (total: number) =>
      order({ currency: 'USD', rate: 1, total, usdTotal: total, at: todayAt, paid: true });
    for (const total of [1000, 2000, 1500, 3000]) await usd(total);
    const cancelled = await usd(1200);
    // EUR 10.80 at 0.9 (USD 12.00) and JPY 1,906 at 150 (USD 12.71), cancelled, then refunded in full
    const eur = await order({
      currency: 'EUR',
      rate: 0.9,
      total: 1080,
      usdTotal: 1200,
      at: todayAt,
      paid: true,
    });
    const jpy = await order({
      currency: 'JPY',
      rate: 150,
      total: 1906,
      usdTotal: 1271,
      at: todayAt,
      paid: true,
    });
    for (const orderId of [cancelled, eur, jpy]) {
      await append(`order-${orderId}`, 'OrderCancelled', { orderId, by: 'admin:x', at: iso(todayAt) });
    }
    await append(`order-${eur}`, 'OrderRefunded', {
      orderId: eur,
      amount: 1080,
      currency: 'EUR',
      by: 'admin:x',
      at: iso(todayAt),
    });
    await append(`order-${jpy}`, 'OrderRefunded', {
      orderId: jpy,
      amount: 1906,
      currency: 'JPY',
      by: 'admin:x',
      at: iso(todayAt),
    });
    const after = await read();
    if (utcDay(Date.now()) !== day) skip('the UTC day changed while the test ran');

    // 7 paid, 3 cancelled: 4 orders more, net 75.00 more; EUR and JPY given back: 24.71 more refunded
    expect(after.today.orders - before.today.orders).toBe(4);
    expect(Math.round((after.today.revenue - before.today.revenue) * 100)).toBe(7500);
    expect(Math.round((after.today.refunds - before.today.refunds) * 100)).toBe(2471);
    // one truth: the dashboard's day is the report's day
    expect(after.today).toMatchObject({
      orders: after.report.orders,
      revenue: after.report.net,
      refunds: after.report.refunds,
      averageOrderValue: Math.round((after.report.net / after.report.orders) * 100) / 100,
    });
  });
});
