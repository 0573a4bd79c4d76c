// The sales report over a generated history of 2,100 orders in five currencies (each at its own
// rate) with cancellations and refunds over ~90 days, appended straight to the event log: every
// figure is checked against totals the test adds up from the raw events on its own
// (sales-expectations.ts), by day, ISO week and month, over the whole history and a sub-range, in
// USD-converted and per currency. Then `npm run audit -- --verify` passes, a rebuild of the
// projection gives the same report, and the CSV export says what the JSON says.
import { beforeAll, describe, expect, it } from 'vitest';
import { audit } from '@printshop/projections/cli/audit';
import { allProjections } from '@printshop/projections/registry';
import { rebuildProjection } from '@printshop/projections/runner/rebuild';
import { salesProjection } from '@printshop/projections/sales/sales-projection';
import { salesReportResponseSchema } from '@printshop/shared-events/api/admin';
import type { EventStore } from '@printshop/shared-events/event-store';
import type { TestApp } from '@printshop/test/support/app';
import { caughtUp, minorOf } from './reports-support';
import {
  expectedReport,
  isoWeek,
  readOrderEvents,
  salesFacts,
  type ExpectedReport,
  type Fact,
} from './sales-expectations';
import { appendHistory, generateHistory, HISTORY_CURRENCIES } from './sales-history';
import { salesShopPerFile, type Query } from './sales-report-support';

const FIRST_DAY = '2024-11-20';
const ORDERS = 2100;

let app: TestApp;
let store: EventStore;
let token: string;
let facts: Fact[];
/** The day of the last event of the history (cancellations and refunds run past the 90 days). */
let lastDay: string;

const { report } = salesShopPerFile('sales', (shop) => ({ app, store, token } = shop));
beforeAll(async () => {
  await appendHistory(
    store,
    generateHistory({ orders: ORDERS, firstDay: FIRST_DAY, days: 90, seed: 20250301 }),
  );
  await caughtUp(app.db, ['sales'], await store.headPosition());
  facts = salesFacts(await readOrderEvents(store));
  lastDay = facts.reduce((last, fact) => (fact.day > last ? fact.day : last), FIRST_DAY);
}, 600_000);

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
      // net = gross - discounts + shipping - refunds, in every period, but for the money given back
      // after a cancellation (counted in refunds; the cancellation already took its net out)
      const label = (day: string) =>
        groupBy === 'day' ? day : groupBy === 'month' ? day.slice(0, 7) : isoWeek(day);
      const afterCancel = (period: string) =>
        facts
          .filter((fact) => fact.returned && label(fact.day) === period)
          .reduce((sum, fact) => sum + fact.returned!.usd, 0);
      for (const p of actual.series) {
        expect(p.net).toBe(p.gross - p.discounts + p.shipping - p.refunds + afterCancel(p.period));
      }
      expect(facts.some((fact) => fact.returned)).toBe(true);
      // product lines hold the net less shipping, less the refunds' part that the lines held (a
      // refund is taken from the lines first, only what is beyond them is shipping's)
      const categoriesNet = actual.byCategory.reduce((sum, c) => sum + c.net, 0);
      expect(categoriesNet).toBeGreaterThanOrEqual(actual.totals.net - actual.totals.shipping);
      expect(categoriesNet).toBeLessThan(actual.totals.net - actual.totals.shipping + actual.totals.refunds);
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
