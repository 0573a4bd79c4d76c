// The sales report's categories and products after refunds and cancellations, on small histories
// worked out by hand: a refund lowers the net of the products of the refunded order (spread over its
// lines in proportion to what each still holds, in whole minor units that add up to the refund;
// what is more than the lines hold is shipping's), a cancellation takes out what they still hold,
// and a product (or category) with nothing left is not listed. Then a rebuild gives the same
// report, and the orders table of an earlier release gains the column the refunds need.
import { describe, expect, it } from 'vitest';
import { audit } from '@printshop/projections/cli/audit';
import { rebuildProjection } from '@printshop/projections/runner/rebuild';
import { salesProjection } from '@printshop/projections/sales/sales-projection';
import { salesReportResponseSchema } from '@printshop/shared-events/api/admin';
import type { EventStore } from '@printshop/shared-events/event-store';
import { SALES_ORDERS_TABLE } from '@printshop/shared-events/sales-read-model';
import type { TestApp } from '@printshop/test/support/app';
import { client } from '../accounts/support';
import { salesShopPerFile, type Query } from './sales-report-support';

let app: TestApp;
let store: EventStore;
let token: string;

salesShopPerFile('sales_refunds', (shop) => ({ app, store, token } = shop));

const by = 'admin:test';
let last = 0;

interface Line {
  sku: string;
  category: string;
  quantity: number;
  unitPrice: number;
}

/** A paid order of these lines (no discount), placed and paid at `at`; USD at rate 1 unless said. */
async function paidOrder(o: {
  name: string;
  currency?: string;
  rate?: number;
  lines: Line[];
  shipping?: number;
  usdTotal?: number;
  at: string;
}) {
  const orderId = `${o.name}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const currency = o.currency ?? 'USD';
  const lines = o.lines.map((line, index) => ({
    lineId: `l${index}`,
    sku: line.sku,
    name: `${line.sku} name`,
    category: line.category,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    lineTotal: line.quantity * line.unitPrice,
    unitPriceUsd: line.unitPrice,
    croppedImageId: 'img',
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const total = subtotal + (o.shipping ?? 0);
  const usdTotal = o.usdTotal ?? total;
  const appended = await store.appendToStream(`order-${orderId}`, [
    {
      type: 'OrderPlaced',
      data: {
        orderId,
        orderNumber: `PS-${orderId}`,
        checkoutId: `c-${orderId}`,
        cartId: `k-${orderId}`,
        email: `${o.name}@example.com`,
        lines,
        amounts: {
          currency,
          subtotal,
          discount: 0,
          loyaltyDiscount: 0,
          loyaltyPoints: 0,
          shipping: o.shipping ?? 0,
          total,
          usdPaidSubtotal: usdTotal,
          usdTotal,
          rate: o.rate ?? 1,
        },
        shippingAddress: { fullName: 'A', phone: '1', line1: 'x', city: 'y', country: 'US' },
        payment: { provider: 'stripe', paymentId: `pi_${orderId}`, testMode: true },
        placedAt: o.at,
      },
    },
    { type: 'OrderPaid', data: { orderId, amount: total, currency, at: o.at } },
  ]);
  last = appended.position;
  return { orderId, currency, total };
}

async function refund(order: { orderId: string; currency: string }, amount: number, at: string) {
  const appended = await store.appendToStream(`order-${order.orderId}`, [
    { type: 'OrderRefunded', data: { orderId: order.orderId, amount, currency: order.currency, by, at } },
  ]);
  last = appended.position;
}

async function cancel(order: { orderId: string }, at: string) {
  const appended = await store.appendToStream(`order-${order.orderId}`, [
    { type: 'OrderCancelled', data: { orderId: order.orderId, by, at } },
  ]);
  last = appended.position;
}

/** The report once the projection has read every event appended so far. */
async function salesReport(query: Query) {
  const answer = await client(app).get(`/api/admin/reports/sales?${new URLSearchParams(query)}`, {
    token,
    headers: { 'x-min-position': String(last) },
  });
  expect(answer.status).toBe(200);
  return salesReportResponseSchema.parse(answer.body);
}

const products = (body: { topProducts: Array<{ sku: string; units: number; net: number }> }) =>
  body.topProducts.map((p) => [p.sku, p.units, p.net]);

describe('refunds in the categories and products', () => {
  it('given the only USD order (prints 3.90, a poster 3.56, shipping 10.00), when it is fully refunded, then its categories and products net 0 like the totals', async () => {
    const order = await paidOrder({
      name: 'full',
      lines: [
        { sku: '4X6PHOTOPRINT', category: 'Photo Prints', quantity: 10, unitPrice: 39 },
        { sku: 'POSTERA3', category: 'Posters', quantity: 1, unitPrice: 356 },
      ],
      shipping: 1000,
      at: '2022-01-10T10:00:00.000Z',
    });
    await refund(order, 1746, '2022-01-12T10:00:00.000Z');

    const query: Query = { from: '2022-01-01', to: '2022-01-31', groupBy: 'month', currency: 'USD' };
    const body = await salesReport(query);
    expect(body.totals).toMatchObject({ orders: 1, units: 11, net: 0, refunds: 17.46 });
    // Refunds leave units as they are: the products stay listed, with nothing left of their net.
    expect(body.byCategory).toEqual([
      { category: 'Photo Prints', units: 10, gross: 3.9, net: 0 },
      { category: 'Posters', units: 1, gross: 3.56, net: 0 },
    ]);
    expect(products(body)).toEqual([
      ['4X6PHOTOPRINT', 10, 0],
      ['POSTERA3', 1, 0],
    ]);
    const converted = await salesReport({ ...query, currency: 'USD-converted' });
    expect(converted.byCategory.map((c) => [c.category, c.net])).toEqual([
      ['Photo Prints', 0],
      ['Posters', 0],
    ]);
  });

  it('given three lines of 1.00 each and 5.00 shipping, when 2.00 is refunded, then the lines lose 0.67, 0.67 and 0.66 (the two cents left over to the first two), and a refund beyond what they hold leaves them at 0', async () => {
    const order = await paidOrder({
      name: 'split',
      lines: [
        { sku: 'SPLIT-A', category: 'Split A', quantity: 1, unitPrice: 100 },
        { sku: 'SPLIT-B', category: 'Split B', quantity: 1, unitPrice: 100 },
        { sku: 'SPLIT-C', category: 'Split C', quantity: 1, unitPrice: 100 },
      ],
      shipping: 500,
      at: '2022-02-10T10:00:00.000Z',
    });
    await refund(order, 200, '2022-02-11T10:00:00.000Z');
    const query: Query = { from: '2022-02-01', to: '2022-02-11', groupBy: 'month', currency: 'USD' };
    const partly = await salesReport(query);
    expect(partly.totals).toMatchObject({ net: 6, refunds: 2 });
    expect(partly.byCategory.map((c) => [c.category, c.net])).toEqual([
      ['Split C', 0.34],
      ['Split A', 0.33],
      ['Split B', 0.33],
    ]);
    expect(products(partly)).toEqual([
      ['SPLIT-C', 1, 0.34],
      ['SPLIT-A', 1, 0.33],
      ['SPLIT-B', 1, 0.33],
    ]);

    // 1.50 more: 1.00 is all the lines still hold, the 0.50 beyond it is shipping's.
    await refund(order, 150, '2022-02-12T10:00:00.000Z');
    const more = await salesReport({ ...query, to: '2022-02-12' });
    expect(more.totals).toMatchObject({ net: 4.5, refunds: 3.5 });
    expect(more.byCategory.map((c) => [c.category, c.net])).toEqual([
      ['Split A', 0],
      ['Split B', 0],
      ['Split C', 0],
    ]);
    // The report of the first day alone still holds the figures of that day.
    expect((await salesReport(query)).byCategory.map((c) => c.net)).toEqual([0.34, 0.33, 0.33]);
  });

  it('given two lines held 3:1, when a refund smaller than them is given in EUR, then it is split 3:1 in euros and in USD cents at the order rate', async () => {
    // EUR 30.00 + 10.00 of products, 4.00 shipping = 44.00; USD 48.40 (1.10 per euro), of which
    // shipping 4.00 / 0.9091 = 4.40 and products 44.00, split 33.00 and 11.00.
    const order = await paidOrder({
      name: 'eur',
      currency: 'EUR',
      rate: 0.9091,
      lines: [
        { sku: 'EUR-A', category: 'Eur A', quantity: 3, unitPrice: 1000 },
        { sku: 'EUR-B', category: 'Eur B', quantity: 1, unitPrice: 1000 },
      ],
      shipping: 400,
      usdTotal: 4840,
      at: '2022-03-10T10:00:00.000Z',
    });
    await refund(order, 2000, '2022-03-11T10:00:00.000Z');
    const query: Query = { from: '2022-03-01', to: '2022-03-31', groupBy: 'month', currency: 'EUR' };
    const euros = await salesReport(query);
    expect(euros.totals).toMatchObject({ net: 24, refunds: 20 });
    expect(products(euros)).toEqual([
      ['EUR-A', 3, 15],
      ['EUR-B', 1, 5],
    ]);
    // USD: 20.00 of 44.00 is 22.00 of 48.40, split 16.50 and 5.50.
    const usd = await salesReport({ ...query, currency: 'USD-converted' });
    expect(usd.totals).toMatchObject({ net: 26.4, refunds: 22 });
    expect(products(usd)).toEqual([
      ['EUR-A', 3, 16.5],
      ['EUR-B', 1, 5.5],
    ]);
  });

  it('given a partly refunded order, when it is cancelled, then its products lose what they still held, and nothing of them is listed', async () => {
    const order = await paidOrder({
      name: 'refund-then-cancel',
      lines: [
        { sku: 'CANCEL-A', category: 'Cancel A', quantity: 2, unitPrice: 150 },
        { sku: 'CANCEL-B', category: 'Cancel B', quantity: 1, unitPrice: 100 },
      ],
      shipping: 200,
      at: '2022-04-10T10:00:00.000Z',
    });
    await refund(order, 100, '2022-04-11T10:00:00.000Z');
    await cancel(order, '2022-04-12T10:00:00.000Z');
    const body = await salesReport({
      from: '2022-04-01',
      to: '2022-04-30',
      groupBy: 'month',
      currency: 'USD',
    });
    expect(body.totals).toMatchObject({ orders: 0, units: 0, net: 0, cancellations: 1, refunds: 1 });
    expect(body.byCategory).toEqual([]);
    expect(body.topProducts).toEqual([]);
    // The refund's day alone: the refund's parts, 0.75 and 0.25.
    const refundDay = await salesReport({
      from: '2022-04-11',
      to: '2022-04-11',
      groupBy: 'day',
      currency: 'USD',
    });
    expect(products(refundDay)).toEqual([
      ['CANCEL-B', 0, -0.25],
      ['CANCEL-A', 0, -0.75],
    ]);
  });

  it('given a product whose only order was cancelled beside one that sold, then only the one that sold is listed', async () => {
    const kept = await paidOrder({
      name: 'kept',
      lines: [{ sku: 'KEPT', category: 'Kept', quantity: 1, unitPrice: 500 }],
      at: '2022-05-10T10:00:00.000Z',
    });
    const gone = await paidOrder({
      name: 'gone',
      lines: [
        { sku: 'GONE', category: 'Gone', quantity: 2, unitPrice: 300 },
        { sku: 'KEPT', category: 'Kept', quantity: 1, unitPrice: 500 },
      ],
      at: '2022-05-10T11:00:00.000Z',
    });
    await cancel(gone, '2022-05-11T10:00:00.000Z');
    expect(kept.total).toBe(500);
    const body = await salesReport({
      from: '2022-05-01',
      to: '2022-05-31',
      groupBy: 'month',
      currency: 'USD',
    });
    expect(body.byCategory).toEqual([{ category: 'Kept', units: 1, gross: 5, net: 5 }]);
    expect(body.topProducts).toEqual([{ sku: 'KEPT', name: 'KEPT name', units: 1, gross: 5, net: 5 }]);
  });
});

describe('replaying and upgrading the sales read model', () => {
  it('given the refunds above, when the projection is rebuilt from the log, then the report is the same and audit --verify finds no difference', async () => {
    const query: Query = {
      from: '2022-01-01',
      to: '2022-05-31',
      groupBy: 'month',
      currency: 'USD-converted',
    };
    const before = await salesReport(query);
    expect(before.byCategory.length).toBeGreaterThan(0);
    const lines: string[] = [];
    const code = await audit({
      db: app.db,
      store,
      projections: [salesProjection],
      out: (line) => lines.push(line),
      args: ['--verify'],
    });
    expect({ code, lines }).toEqual({
      code: 0,
      lines: [expect.stringMatching(/^sales: matches a fresh rebuild/)],
    });
    await rebuildProjection({ db: app.db, store, projection: salesProjection });
    expect(await salesReport(query)).toEqual(before);
  }, 120_000);

  it('given the orders table as a release before refunds reached products made it, when the projection migrates, then it gains refunded_lines, empty for the rows it had', async () => {
    const schema = `rm_sales_upgrade_${Date.now()}`;
    await app.db.raw('create schema ??', [schema]);
    try {
      await app.db.raw(
        `create table ??.?? (order_id text primary key, currency text not null, status text not null,
           refunded bigint not null, refunded_usd bigint not null, figures jsonb not null)`,
        [schema, SALES_ORDERS_TABLE],
      );
      await app.db
        .withSchema(schema)
        .table(SALES_ORDERS_TABLE)
        .insert({
          order_id: 'old',
          currency: 'USD',
          status: 'counted',
          refunded: 0,
          refunded_usd: 0,
          figures: JSON.stringify({ currency: 'USD', sale: {}, lines: [] }),
        });
      await salesProjection.migrate(app.db, schema);
      const rows = await app.db
        .withSchema(schema)
        .table(SALES_ORDERS_TABLE)
        .select('order_id', 'refunded_lines');
      expect(rows).toEqual([{ order_id: 'old', refunded_lines: [] }]);
    } finally {
      await app.db.raw('drop schema ?? cascade', [schema]);
    }
  });
});
