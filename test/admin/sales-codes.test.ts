// Promotion codes in the sales report and its CSV: the code discounts as their own figure per period
// and in total, and per code; a cancelled paid order takes its code discount back on the day of the
// cancellation, a refund leaves it (refunds change net only), an unpaid order counts nothing; in a
// currency and USD-converted (each order at its own rate); the CSV per period or per code
// (`by=code`); a rebuild gives the same answer.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildProjection } from '@printshop/projections/runner/rebuild';
import { salesProjection } from '@printshop/projections/sales/sales-projection';
import { salesReportResponseSchema } from '@printshop/shared-events/api/admin';
import type { EventStore, NewEvent } from '@printshop/shared-events/event-store';
import { orderStreamName, type OrderPlacedData } from '@printshop/shared-events/events/order';
import { convertToUsdAtRate } from '@printshop/shared-events/rules/money';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { appStore, client } from '../accounts/support';
import { adminToken, caughtUp, REPORTS_TEST_ENV } from './reports-support';

const DAY1 = '2023-05-10';
const DAY2 = '2023-05-11';

let app: TestApp;
let store: EventStore;
let token: string;

interface Sale {
  currency?: string;
  rate?: number;
  code?: string;
  codeDiscount?: number;
  paidOn?: string;
  cancelledOn?: string;
  refunded?: { on: string; amount: number };
}

async function appendOrder(sale: Sale) {
  const orderId = randomUUID();
  const { currency = 'USD', rate = 1, code, codeDiscount = 0 } = sale;
  const at = (day: string, hour = 10) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
  const subtotal = 5000;
  const total = subtotal - codeDiscount + 500;
  const usdTotal = convertToUsdAtRate(total, rate, 2);
  const placed: OrderPlacedData = {
    orderId,
    orderNumber: `PS-C${orderId.slice(0, 6)}`,
    checkoutId: randomUUID(),
    cartId: randomUUID(),
    email: 'codes@example.com',
    lines: [
      {
        lineId: 'l0',
        sku: 'POSTERA4',
        name: 'A4 Poster',
        category: 'Posters',
        quantity: 1,
        unitPrice: subtotal,
        lineTotal: subtotal,
        unitPriceUsd: subtotal,
        croppedImageId: randomUUID(),
      },
    ],
    amounts: {
      currency,
      subtotal,
      discount: 0,
      loyaltyDiscount: 0,
      loyaltyPoints: 0,
      shipping: 500,
      total,
      usdPaidSubtotal: usdTotal - convertToUsdAtRate(500, rate, 2),
      usdTotal,
      rate,
      ...(code && { promotionCode: code, promotionDiscount: codeDiscount }),
    },
    shippingAddress: {
      fullName: 'Ada Lovelace',
      phone: '+1 201-555-0123',
      line1: '12 Example Street',
      city: 'Springfield',
      postalCode: '62701',
      country: 'US',
    },
    payment: { provider: 'stripe', paymentId: `pi_${orderId}`, testMode: true },
    placedAt: at(sale.paidOn ?? DAY1, 9),
  };
  const event = (type: string, data: Record<string, unknown>, when: string): NewEvent => ({
    type,
    data: { orderId, ...data, at: when },
    metadata: { actor: 'system', at: when },
  });
  const events: NewEvent[] = [
    { type: 'OrderPlaced', data: placed, metadata: { actor: 'system', at: placed.placedAt } },
  ];
  if (sale.paidOn) events.push(event('OrderPaid', { amount: total, currency }, at(sale.paidOn)));
  if (sale.cancelledOn) events.push(event('OrderCancelled', { by: 'admin:a' }, at(sale.cancelledOn, 12)));
  if (sale.refunded) {
    events.push(
      event(
        'OrderRefunded',
        { amount: sale.refunded.amount, currency, by: 'admin:a' },
        at(sale.refunded.on, 13),
      ),
    );
  }
  await store.appendToStream(orderStreamName(orderId), events, { expectedRevision: 'no_stream' });
}

const SUMMER = 'SUMMER10';
const FIVE = 'FIVEOFF';
const EUR_RATE = 0.92;

beforeAll(async () => {
  app = await startTestApp({ label: 'sales_codes', env: REPORTS_TEST_ENV });
  store = appStore(app);
  // Given: two orders with SUMMER10 on day 1 (one in EUR), one with FIVEOFF paid on day 1 and
  // cancelled on day 2, one with SUMMER10 on day 2 partly refunded, one without a code, and one
  // with a code never paid.
  await appendOrder({ code: SUMMER, codeDiscount: 200, paidOn: DAY1 });
  await appendOrder({ code: SUMMER, codeDiscount: 150, paidOn: DAY1, currency: 'EUR', rate: EUR_RATE });
  await appendOrder({ code: FIVE, codeDiscount: 500, paidOn: DAY1, cancelledOn: DAY2 });
  await appendOrder({ code: SUMMER, codeDiscount: 100, paidOn: DAY2, refunded: { on: DAY2, amount: 1000 } });
  await appendOrder({ paidOn: DAY1 });
  await appendOrder({ code: SUMMER, codeDiscount: 300 });
  await caughtUp(app.db, ['sales'], await store.headPosition());
  token = await adminToken(app);
}, 300_000);
afterAll(async () => {
  await store?.close();
  await app?.stop();
});

const query = (currency: string) =>
  new URLSearchParams({ from: DAY1, to: DAY2, groupBy: 'day', currency }).toString();
const report = async (currency: string) => {
  const answer = await client(app).get(`/api/admin/reports/sales?${query(currency)}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return salesReportResponseSchema.parse(answer.body);
};

describe('code discounts in the sales report', () => {
  it('given USD orders with codes, then per day, in total and per code, net of the cancellation and not of the refund', async () => {
    const usd = await report('USD');
    // Day 1: 2.00 + 5.00; day 2: FIVEOFF cancelled (-5.00) and 1.00 of SUMMER10.
    expect(usd.series.map((p) => [p.period, p.codeDiscounts])).toEqual([
      [DAY1, 7],
      [DAY2, -4],
    ]);
    expect(usd.totals.codeDiscounts).toBe(3);
    expect(usd.byCode).toEqual([
      { code: SUMMER, orders: 2, discount: 3 },
      { code: FIVE, orders: 0, discount: 0 },
    ]);
    // The code discounts stay part of discounts.
    expect(usd.totals.discounts).toBe(3);
  });

  it('given a EUR order, then it counts in EUR and, converted at its own rate, in USD-converted', async () => {
    const eur = await report('EUR');
    expect(eur.totals.codeDiscounts).toBe(1.5);
    expect(eur.byCode).toEqual([{ code: SUMMER, orders: 1, discount: 1.5 }]);
    const converted = await report('USD-converted');
    const eurInUsd = convertToUsdAtRate(150, EUR_RATE, 2);
    expect(Math.round(converted.totals.codeDiscounts! * 100)).toBe(300 + eurInUsd);
    expect(converted.byCode![0]).toEqual({ code: SUMMER, orders: 3, discount: (300 + eurInUsd) / 100 });
  });

  it('when the CSV is asked for, then code_discounts is its own last column per period', async () => {
    const response = await fetch(`${app.url}/api/admin/reports/sales?${query('USD')}&format=csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const [header, ...rows] = (await response.text()).trimEnd().split('\r\n');
    expect(header!.split(',').at(-1)).toBe('code_discounts');
    expect(rows.map((row) => [row.split(',')[0], row.split(',').at(-1)])).toEqual([
      [DAY1, '7.00'],
      [DAY2, '-4.00'],
    ]);
  });

  it('when the CSV is asked for by code, then one row per code over the range says what byCode says', async () => {
    const csvBy = async (currency: string) => {
      const url = `${app.url}/api/admin/reports/sales?${query(currency)}&format=csv&by=code`;
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="sales-codes-${DAY1}-${DAY2}-${currency}.csv"`,
      );
      return (await response.text()).trimEnd().split('\r\n');
    };
    expect(await csvBy('USD')).toEqual([
      'code,from,to,orders,discount,currency',
      `${SUMMER},${DAY1},${DAY2},2,3.00,USD`,
      `${FIVE},${DAY1},${DAY2},0,0.00,USD`,
    ]);
    expect(await csvBy('EUR')).toEqual([
      'code,from,to,orders,discount,currency',
      `${SUMMER},${DAY1},${DAY2},1,1.50,EUR`,
    ]);
    // Anything but period or code is refused with the JSON error, not a CSV.
    const wrong = await client(app).get(`/api/admin/reports/sales?${query('USD')}&format=csv&by=sku`, {
      token,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, errors: { by: expect.any(String) } });
  });

  it('after a rebuild of the sales projection, then the same report', async () => {
    const before = await report('USD-converted');
    await rebuildProjection({ db: app.db, store, projection: salesProjection });
    expect(await report('USD-converted')).toEqual(before);
  }, 120_000);
});
