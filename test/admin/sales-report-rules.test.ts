// The sales report asked for wrongly (each bad value a 400 naming its field, the two-year limit),
// and its rules on a small history worked out by hand, apart from any generated one: what counts
// on which UTC day, in USD-converted and in the order's own currency.
import { describe, expect, it } from 'vitest';
import { salesReportResponseSchema, SALES_REPORT_MESSAGES } from '@printshop/shared-events/api/admin';
import type { EventStore } from '@printshop/shared-events/event-store';
import type { TestApp } from '@printshop/test/support/app';
import { client } from '../accounts/support';
import { salesShopPerFile } from './sales-report-support';

let app: TestApp;
let store: EventStore;
let token: string;

const { report } = salesShopPerFile('sales_rules', (shop) => ({ app, store, token } = shop));

describe('asking for the report wrongly', () => {
  const bad: Array<[string, Record<string, string>, string, string]> = [
    // Without from the report runs to `to` over 30 days (sales-report-defaults.test.ts).
    [
      'a from that is no date',
      { from: 'last week', to: '2025-01-01' },
      'from',
      SALES_REPORT_MESSAGES.date('from'),
    ],
    [
      'a day that does not exist',
      { from: '2025-02-30', to: '2025-03-01' },
      'from',
      SALES_REPORT_MESSAGES.date('from'),
    ],
    ['to before from', { from: '2025-03-02', to: '2025-03-01' }, 'to', SALES_REPORT_MESSAGES.order],
    ['more than two years', { from: '2023-01-01', to: '2025-01-02' }, 'to', SALES_REPORT_MESSAGES.range],
    ['an unknown grouping', { from: '2025-01-01', to: '2025-01-02', groupBy: 'year' }, 'groupBy', ''],
    ['an unknown currency', { from: '2025-01-01', to: '2025-01-02', currency: 'XYZ' }, 'currency', ''],
    ['an unknown format', { from: '2025-01-01', to: '2025-01-02', format: 'pdf' }, 'format', ''],
  ];
  for (const [what, params, field, message] of bad) {
    it(`given ${what}, then 400 naming ${field}`, async () => {
      const answer = await client(app).get(`/api/admin/reports/sales?${new URLSearchParams(params)}`, {
        token,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(answer.body.errors)).toEqual([field]);
      if (message) expect(answer.body.errors[field]).toBe(message);
    });
  }

  it('given exactly two years (731 days apart is refused, 730 is fine), then the limit is where it says', async () => {
    expect(
      (await report({ from: '2023-01-01', to: '2024-12-31', groupBy: 'month', currency: 'USD' })).status,
    ).toBe(200);
    expect(
      (await report({ from: '2023-01-01', to: '2025-01-01', groupBy: 'month', currency: 'USD' })).status,
    ).toBe(400);
  });
});

describe('the rules on a small history worked out by hand (June 2023, apart from the generated one)', () => {
  const placed = (o: {
    orderId: string;
    currency: string;
    rate: number;
    sku: string;
    quantity: number;
    unitPrice: number;
    discount?: number;
    shipping?: number;
    usdTotal: number;
    at: string;
  }) => {
    const subtotal = o.quantity * o.unitPrice;
    const total = subtotal - (o.discount ?? 0) + (o.shipping ?? 0);
    return {
      type: 'OrderPlaced',
      data: {
        orderId: o.orderId,
        orderNumber: `PS-${o.orderId}`,
        checkoutId: `c-${o.orderId}`,
        cartId: `k-${o.orderId}`,
        email: `${o.orderId}@example.com`,
        lines: [
          {
            lineId: 'l1',
            sku: o.sku,
            name: o.sku,
            quantity: o.quantity,
            unitPrice: o.unitPrice,
            lineTotal: subtotal,
            unitPriceUsd: o.unitPrice,
            croppedImageId: 'img',
          },
        ],
        amounts: {
          currency: o.currency,
          subtotal,
          discount: o.discount ?? 0,
          loyaltyDiscount: 0,
          loyaltyPoints: 0,
          shipping: o.shipping ?? 0,
          total,
          usdPaidSubtotal: o.usdTotal,
          usdTotal: o.usdTotal,
          rate: o.rate,
        },
        shippingAddress: { fullName: 'A', phone: '1', line1: 'x', city: 'y', country: 'US' },
        payment: { provider: 'stripe', paymentId: `pi_${o.orderId}`, testMode: true },
        placedAt: o.at,
      },
    };
  };
  const paid = (orderId: string, amount: number, currency: string, at: string) => ({
    type: 'OrderPaid',
    data: { orderId, amount, currency, at },
  });
  const by = 'admin:test';

  it('given a paid, an archived, a cancelled-then-refunded, an unpaid-cancelled and a partly refunded order, then each counts on its own UTC day', async () => {
    const id = (name: string) => `june-${name}-${Date.now()}`;
    const [a, b, c, d] = [id('a'), id('b'), id('c'), id('d')];
    // A: USD 30.00 of posters + 5.00 shipping, paid June 1st, archived June 2nd (stays counted).
    await store.appendToStream(`order-${a}`, [
      placed({
        orderId: a,
        currency: 'USD',
        rate: 1,
        sku: 'POSTERA3',
        quantity: 2,
        unitPrice: 1500,
        shipping: 500,
        usdTotal: 3500,
        at: '2023-06-01T10:00:00.000Z',
      }),
      paid(a, 3500, 'USD', '2023-06-01T10:00:05.000Z'),
      { type: 'OrderArchived', data: { orderId: a, by, at: '2023-06-02T08:00:00.000Z' } },
    ]);
    // B: EUR at 0.9: 9.00 of prints, 0.90 off, 4.50 shipping = 12.60, USD 14.00; paid at 01:30 in
    // UTC+2, which is still June 1st in UTC; cancelled June 3rd, then refunded June 4th.
    await store.appendToStream(`order-${b}`, [
      placed({
        orderId: b,
        currency: 'EUR',
        rate: 0.9,
        sku: '4X6PHOTOPRINT',
        quantity: 10,
        unitPrice: 90,
        discount: 90,
        shipping: 450,
        usdTotal: 1400,
        at: '2023-06-02T01:29:00+02:00',
      }),
      paid(b, 1260, 'EUR', '2023-06-02T01:30:00+02:00'),
      { type: 'OrderCancelled', data: { orderId: b, by, at: '2023-06-03T12:00:00.000Z' } },
      {
        type: 'OrderRefunded',
        data: { orderId: b, amount: 1260, currency: 'EUR', by, at: '2023-06-04T12:00:00.000Z' },
      },
    ]);
    // C: never paid, cancelled: counts nothing.
    await store.appendToStream(`order-${c}`, [
      placed({
        orderId: c,
        currency: 'USD',
        rate: 1,
        sku: 'POSTERA3',
        quantity: 1,
        unitPrice: 2000,
        usdTotal: 2000,
        at: '2023-06-02T09:00:00.000Z',
      }),
      { type: 'OrderCancelled', data: { orderId: c, by, at: '2023-06-02T09:30:00.000Z' } },
    ]);
    // D: USD 10.00 paid June 2nd, 2.50 refunded June 4th.
    const last = await store.appendToStream(`order-${d}`, [
      placed({
        orderId: d,
        currency: 'USD',
        rate: 1,
        sku: '5X7PHOTOPRINT',
        quantity: 1,
        unitPrice: 1000,
        usdTotal: 1000,
        at: '2023-06-02T12:00:00.000Z',
      }),
      paid(d, 1000, 'USD', '2023-06-02T12:00:01.000Z'),
      {
        type: 'OrderRefunded',
        data: { orderId: d, amount: 250, currency: 'USD', by, at: '2023-06-04T09:00:00.000Z' },
      },
    ]);

    const query = { from: '2023-06-01', to: '2023-06-04', groupBy: 'day', currency: 'USD-converted' };
    const answer = await client(app).get(`/api/admin/reports/sales?${new URLSearchParams(query)}`, {
      token,
      headers: { 'x-min-position': String(last.position) },
    });
    expect(answer.status).toBe(200);
    const body = salesReportResponseSchema.parse(answer.body);
    expect(body).toMatchObject({
      currency: 'USD',
      scope: 'USD-converted',
      basis: expect.stringContaining('converted to USD at its own rate'),
      timeZone: 'UTC',
    });
    // B in USD: shipping 4.50 / 0.9 = 5.00, discount 0.90 / 0.9 = 1.00, net 14.00 (its usdTotal),
    // so gross = 14.00 - 5.00 + 1.00 = 10.00.
    const day = (
      orders: number,
      units: number,
      gross: number,
      discounts: number,
      shipping: number,
      net: number,
      cancellations = 0,
      refunds = 0,
    ) => ({ orders, units, gross, discounts, shipping, net, cancellations, refunds, codeDiscounts: 0 });
    expect(body.series).toEqual([
      { period: '2023-06-01', start: '2023-06-01', end: '2023-06-01', ...day(2, 12, 40, 1, 10, 49) },
      { period: '2023-06-02', start: '2023-06-02', end: '2023-06-02', ...day(1, 1, 10, 0, 0, 10) },
      { period: '2023-06-03', start: '2023-06-03', end: '2023-06-03', ...day(-1, -10, -10, -1, -5, -14, 1) },
      // B's 14.00 goes back too (refunds are money given back), its net already gone with the cancel
      { period: '2023-06-04', start: '2023-06-04', end: '2023-06-04', ...day(0, 0, 0, 0, 0, -2.5, 0, 16.5) },
    ]);
    expect(body.totals).toEqual(day(2, 3, 40, 0, 5, 42.5, 1, 16.5));
    // Products: A's posters net of shipping; D's print less its refund; B's prints came and went,
    // so they are not listed.
    expect(body.byCategory).toEqual([
      { category: 'Posters', units: 2, gross: 30, net: 30 },
      { category: 'Photo Prints', units: 1, gross: 10, net: 7.5 },
    ]);
    expect(body.topProducts.map((p) => [p.sku, p.units, p.net])).toEqual([
      ['POSTERA3', 2, 30],
      ['5X7PHOTOPRINT', 1, 7.5],
    ]);

    const euros = salesReportResponseSchema.parse(
      (
        await client(app).get(
          `/api/admin/reports/sales?${new URLSearchParams({ ...query, currency: 'EUR' })}`,
          { token },
        )
      ).body,
    );
    expect(euros.currency).toBe('EUR');
    expect(euros.series[0]).toMatchObject(day(1, 10, 9, 0.9, 4.5, 12.6));
    // B came and went, and its 12.60 went back to the buyer
    expect(euros.totals).toEqual(day(0, 0, 0, 0, 0, 0, 1, 12.6));
  });
});
