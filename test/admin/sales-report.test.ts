// The sales report over a generated history of 2,100 orders in five currencies (each at its own
// rate) with cancellations and refunds over ~90 days, appended straight to the event log: every
// figure is checked against totals the test adds up from the raw events on its own
// (sales-expectations.ts), by day, ISO week and month, over the whole history and a sub-range, in
// USD-converted and per currency. Then `npm run audit -- --verify` passes, a rebuild of the
// projection gives the same report, and the CSV export says what the JSON says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '@printshop/projections/cli/audit';
import { allProjections } from '@printshop/projections/registry';
import { rebuildProjection } from '@printshop/projections/runner/rebuild';
import { salesProjection } from '@printshop/projections/sales/sales-projection';
import { salesReportResponseSchema, SALES_REPORT_MESSAGES } from '@printshop/shared-events/api/admin';
import type { EventStore } from '@printshop/shared-events/event-store';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { appStore, client } from '../accounts/support';
import { adminToken, caughtUp, minorOf, REPORTS_TEST_ENV } from './reports-support';
import {
  expectedReport,
  readOrderEvents,
  salesFacts,
  type ExpectedReport,
  type Fact,
} from './sales-expectations';
import { appendHistory, generateHistory, HISTORY_CURRENCIES } from './sales-history';

const FIRST_DAY = '2024-11-20';
const ORDERS = 2100;

let app: TestApp;
let store: EventStore;
let token: string;
let facts: Fact[];
/** The day of the last event of the history (cancellations and refunds run past the 90 days). */
let lastDay: string;

beforeAll(async () => {
  app = await startTestApp({ label: 'sales', env: REPORTS_TEST_ENV });
  store = appStore(app);
  await appendHistory(
    store,
    generateHistory({ orders: ORDERS, firstDay: FIRST_DAY, days: 90, seed: 20250301 }),
  );
  await caughtUp(app.db, ['sales'], await store.headPosition());
  token = await adminToken(app);
  facts = salesFacts(await readOrderEvents(store));
  lastDay = facts.reduce((last, fact) => (fact.day > last ? fact.day : last), FIRST_DAY);
}, 600_000);
afterAll(async () => {
  await store?.close();
  await app?.stop();
});

type Query = { from: string; to: string; groupBy: 'day' | 'week' | 'month'; currency: string };

async function report(query: Query, format?: 'csv') {
  const params = new URLSearchParams({ ...query, ...(format && { format }) });
  return client(app).get(`/api/admin/reports/sales?${params}`, { token });
}

/** The answer in minor units, shaped as the expectation. */
function inMinor(body: unknown): ExpectedReport & { currency: string } {
  const answer = salesReportResponseSchema.parse(body);
  const m = (major: number) => minorOf(major, answer.currency);
  const figures = (f: (typeof answer)['totals']) => ({
    orders: f.orders,
    units: f.units,
    gross: m(f.gross),
    discounts: m(f.discounts),
    shipping: m(f.shipping),
    net: m(f.net),
    cancellations: f.cancellations!,
    refunds: m(f.refunds!),
  });
  return {
    currency: answer.currency,
    series: answer.series.map((p) => ({ period: p.period, start: p.start!, end: p.end!, ...figures(p) })),
    totals: figures(answer.totals),
    byCategory: answer.byCategory.map((c) => ({
      category: c.category,
      units: c.units,
      gross: m(c.gross!),
      net: m(c.net),
    })),
    topProducts: answer.topProducts.map((p) => ({
      sku: p.sku,
      name: p.name,
      units: p.units,
      gross: m(p.gross!),
      net: m(p.net),
    })),
  };
}

async function expectReportToMatchEvents(query: Query) {
  const answer = await report(query);
  expect(answer.status).toBe(200);
  const actual = inMinor(answer.body);
  const expected = expectedReport(facts, query);
  expect(actual.currency).toBe(query.currency === 'USD-converted' ? 'USD' : query.currency);
  expect(actual.series).toEqual(expected.series);
  expect(actual.totals).toEqual(expected.totals);
  expect(actual.byCategory).toEqual(expected.byCategory);
  expect(actual.topProducts).toEqual(expected.topProducts);
  return actual;
}

describe('the sales report over a generated history', () => {
  it('given the history, then it holds what the test needs: 2,100 orders, 5 currencies, cancellations, refunds, unpaid orders', () => {
    const sales = facts.filter((fact) => fact.kind === 'sale');
    expect(sales.length).toBeGreaterThan(2000);
    expect(sales.length).toBeLessThan(ORDERS); // some were never paid
    expect(new Set(facts.map((fact) => fact.currency))).toEqual(new Set(Object.keys(HISTORY_CURRENCIES)));
    expect(facts.filter((fact) => fact.kind === 'cancel').length).toBeGreaterThan(100);
    expect(facts.filter((fact) => fact.kind === 'refund').length).toBeGreaterThan(100);
  });

  for (const groupBy of ['day', 'week', 'month'] as const) {
    it(`given the whole history, when grouped by ${groupBy} in USD-converted, then every period and total equals the events' own sums`, async () => {
      const actual = await expectReportToMatchEvents({
        from: FIRST_DAY,
        to: lastDay,
        groupBy,
        currency: 'USD-converted',
      });
      // net = gross - discounts + shipping - refunds, in every period
      for (const p of actual.series) expect(p.net).toBe(p.gross - p.discounts + p.shipping - p.refunds);
      // product lines hold the net less shipping, before refunds (a refund names no items)
      const categoriesNet = actual.byCategory.reduce((sum, c) => sum + c.net, 0);
      expect(categoriesNet).toBe(actual.totals.net - actual.totals.shipping + actual.totals.refunds);
    });
  }

  for (const currency of Object.keys(HISTORY_CURRENCIES)) {
    it(`given the whole history, when only ${currency} orders are asked for by week, then they match in ${currency}`, async () => {
      const actual = await expectReportToMatchEvents({
        from: FIRST_DAY,
        to: lastDay,
        groupBy: 'week',
        currency,
      });
      expect(actual.totals.orders).toBeGreaterThan(300);
    });
  }

  it('given a sub-range over the new year, then partial ISO weeks (2024-W52, 2025-W01 from 2024-12-30) and months are cut to it', async () => {
    const range = { from: '2024-12-28', to: '2025-01-09' };
    const weeks = await expectReportToMatchEvents({ ...range, groupBy: 'week', currency: 'EUR' });
    expect(weeks.series.map((p) => [p.period, p.start, p.end])).toEqual([
      ['2024-W52', '2024-12-28', '2024-12-29'],
      ['2025-W01', '2024-12-30', '2025-01-05'],
      ['2025-W02', '2025-01-06', '2025-01-09'],
    ]);
    await expectReportToMatchEvents({ ...range, groupBy: 'day', currency: 'USD-converted' });
    const months = await expectReportToMatchEvents({ ...range, groupBy: 'month', currency: 'JPY' });
    expect(months.series.map((p) => p.period)).toEqual(['2024-12', '2025-01']);
  });

  it('given a range with no sales at all, then every period is listed with zeros', async () => {
    const actual = await expectReportToMatchEvents({
      from: '2023-02-01',
      to: '2023-03-31',
      groupBy: 'month',
      currency: 'USD-converted',
    });
    expect(actual.series.map((p) => [p.period, p.orders, p.net])).toEqual([
      ['2023-02', 0, 0],
      ['2023-03', 0, 0],
    ]);
    expect(actual.byCategory).toEqual([]);
  });

  it('when the CSV is asked for, then it is an attachment whose rows say what the JSON series says', async () => {
    const query: Query = { from: FIRST_DAY, to: lastDay, groupBy: 'week', currency: 'JPY' };
    const [json, csv] = await Promise.all([report(query), fetchCsv(query)]);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="sales-.*\.csv"$/);
    const [header, ...rows] = csv.text.trimEnd().split('\r\n');
    expect(header).toBe(
      'period,start,end,orders,cancellations,units,gross,discounts,shipping,refunds,net,currency,code_discounts',
    );
    const series = salesReportResponseSchema.parse(json.body).series;
    expect(rows.map((row) => row.split(','))).toEqual(
      series.map((p) => [
        p.period,
        p.start,
        p.end,
        String(p.orders),
        String(p.cancellations),
        String(p.units),
        String(p.gross),
        String(p.discounts),
        String(p.shipping),
        String(p.refunds),
        String(p.net),
        'JPY',
        String(p.codeDiscounts),
      ]),
    );
    // and with decimals: USD cents always written with two digits
    const usd = await fetchCsv({ ...query, currency: 'USD-converted' });
    const usdJson = salesReportResponseSchema.parse(
      (await report({ ...query, currency: 'USD-converted' })).body,
    );
    const cells = usd.text
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((row) => row.split(','));
    cells.forEach((cell, index) => {
      expect(cell[10]).toMatch(/^-?\d+\.\d{2}$/);
      expect(Number(cell[10])).toBe(usdJson.series[index]!.net);
    });
  });

  it('after the history, `npm run audit -- --verify` passes and a rebuild gives the same report', async () => {
    const query: Query = { from: FIRST_DAY, to: lastDay, groupBy: 'week', currency: 'USD-converted' };
    const before = (await report(query)).body;
    const lines: string[] = [];
    const code = await audit({
      db: app.db,
      store,
      projections: allProjections,
      out: (line) => lines.push(line),
      args: ['--verify'],
    });
    expect(lines.join('\n')).toMatch(/^sales: matches a fresh rebuild/m);
    expect(lines.join('\n')).toMatch(/^abandoned_checkouts: matches a fresh rebuild/m);
    expect({ code, lines }).toEqual({ code: 0, lines: expect.any(Array) });

    await rebuildProjection({ db: app.db, store, projection: salesProjection });
    const after = await report(query);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before);
  }, 600_000);
});

async function fetchCsv(query: Query) {
  const params = new URLSearchParams({ ...query, format: 'csv' });
  const response = await fetch(`${app.url}/api/admin/reports/sales?${params}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return { headers: response.headers, text: await response.text() };
}

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
      { period: '2023-06-04', start: '2023-06-04', end: '2023-06-04', ...day(0, 0, 0, 0, 0, -2.5, 0, 2.5) },
    ]);
    expect(body.totals).toEqual(day(2, 3, 40, 0, 5, 42.5, 1, 2.5));
    // Products: A's posters net of shipping; B's prints came and went; D's print before its refund.
    expect(body.byCategory).toEqual([
      { category: 'Posters', units: 2, gross: 30, net: 30 },
      { category: 'Photo Prints', units: 1, gross: 10, net: 10 },
    ]);
    expect(body.topProducts.map((p) => [p.sku, p.units, p.net])).toEqual([
      ['POSTERA3', 2, 30],
      ['5X7PHOTOPRINT', 1, 10],
      ['4X6PHOTOPRINT', 0, 0],
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
    expect(euros.totals).toEqual(day(0, 0, 0, 0, 0, 0, 1, 0));
  });
});
