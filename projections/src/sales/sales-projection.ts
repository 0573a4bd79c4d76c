// The sales read model (the admin's sales report and dashboard): signed daily sums per currency and
// kind of fact, and per category and SKU, so a report groups by day, week or month over any range
// with one scan of a few rows per day (shared-events/src/sales-read-model.ts has the tables).
//
// What counts, exactly (each fact dated by its own event's time, as a UTC day):
// - An order counts once it is paid (OrderPaid.at), never at placement alone; a second OrderPaid
//   adds nothing.
// - OrderCancelled of a paid order subtracts the whole sale on the day of the cancellation
//   (orders -1, units, gross, discounts, shipping; net by what the order still held, and each
//   line's net by what that line still held). A cancel of an unpaid order counts nothing (nothing
//   was counted), and a payment after it is not counted.
// - OrderRefunded subtracts the amount from net on the day of the refund (capped at what is left),
//   and from the net of the order's lines (daily_products, kind refund): up to what the lines still
//   hold, split in proportion to what each holds (order-figures.ts refundLineParts); the rest is
//   shipping's. The lines' parts so far are kept on the order's row (refunded_lines) for the next
//   refund and a cancellation. A refund of a cancelled order changes no net: the cancellation
//   already took the sale out; it is counted only as money given back (refunds_after_cancel, capped
//   at what was paid less earlier refunds). Refunds do not change the order count, units or gross.
// - A promotion code's discount is counted per code (daily_codes) with the sale and reversed with
//   the cancellation; a refund leaves it (refunds touch net only, as in daily).
// - OrderArchived changes nothing: archiving hides an order from lists, not from the books.
// Rows follow from the events alone, in log order, so a rebuild gives the same model.
import type { Knex } from 'knex';
import type { OrderEvent } from '@printshop/shared-events/events/order';
import {
  SALES_CODE_SUMS,
  SALES_CODES_TABLE,
  SALES_DAILY_SUMS,
  SALES_DAILY_TABLE,
  SALES_ORDERS_TABLE,
  SALES_PRODUCT_SUMS,
  SALES_PRODUCTS_TABLE,
  SALES_PROJECTION,
  SALES_READ_MODEL,
  type SalesKind,
} from '@printshop/shared-events/sales-read-model';
import { createTables } from '../runner/create-tables';
import type { Projection } from '../runner/projection';
import {
  addLineRefunds,
  cancelFigures,
  cancelLineFigures,
  refundFigures,
  refundLineParts,
  saleFigures,
  type LineFigures,
  type LineRefund,
  type OrderFigures,
  type SalesFigures,
} from './order-figures';

type OrderSalesStatus = 'placed' | 'counted' | 'cancelled' | 'void';

interface OrderRow {
  order_id: string;
  currency: string;
  status: OrderSalesStatus;
  refunded: number;
  refunded_usd: number;
  figures: OrderFigures;
  /** Each line's part of the refunds so far, in the order of figures.lines ([]: none yet). */
  refunded_lines: LineRefund[];
}

type DailySums = Record<(typeof SALES_DAILY_SUMS)[number], number>;
type ProductSums = Record<(typeof SALES_PRODUCT_SUMS)[number], number>;
type CodeSums = Record<(typeof SALES_CODE_SUMS)[number], number>;

/** The UTC calendar day of an event time. */
export const utcDay = (at: string): string => new Date(at).toISOString().slice(0, 10);

const dailySums = (f: SalesFigures): DailySums => ({
  orders: f.orders,
  units: f.units,
  gross: f.gross,
  discounts: f.discounts,
  shipping: f.shipping,
  net: f.net,
  gross_usd: f.grossUsd,
  discounts_usd: f.discountsUsd,
  shipping_usd: f.shippingUsd,
  net_usd: f.netUsd,
  refunds_after_cancel: 0,
  refunds_after_cancel_usd: 0,
});

/** A line's figures as signed sums (a cancellation's and a refund's come negative). */
const productSums = (line: LineFigures): ProductSums => ({
  units: line.units,
  gross: line.gross,
  net: line.net,
  gross_usd: line.grossUsd,
  net_usd: line.netUsd,
});

/** Sums of one batch, added to the table at the end (increments commute: batch size is irrelevant). */
class Deltas<Key extends Record<string, string>, Sums extends Record<string, number>> {
  readonly rows = new Map<string, Key & Sums & { name?: string }>();
  add(key: Key, sums: Sums, name?: string) {
    const id = JSON.stringify(Object.values(key));
    const row = this.rows.get(id);
    if (!row) {
      this.rows.set(id, { ...key, ...sums, ...(name !== undefined && { name }) });
      return;
    }
    for (const [column, value] of Object.entries(sums)) {
      (row as Record<string, number>)[column] = (row as Record<string, number>)[column]! + value;
    }
    if (name !== undefined) row.name = name;
  }
}

async function addSums(
  trx: Knex.Transaction,
  schema: string,
  table: string,
  keys: readonly string[],
  sums: readonly string[],
  rows: object[],
  keepLatest: readonly string[] = [],
) {
  const merge = Object.fromEntries([
    ...sums.map((column) => [column, trx.raw('?? + excluded.??', [`${table}.${column}`, column])]),
    ...keepLatest.map((column) => [column, trx.raw('excluded.??', [column])]),
  ]);
  // 1,000 rows of at most 13 values stay far below Postgres' 65,535 parameters.
  for (let start = 0; start < rows.length; start += 1000) {
    await trx
      .withSchema(schema)
      .table(table)
      .insert(rows.slice(start, start + 1000))
      .onConflict([...keys])
      .merge(merge);
  }
}

export const salesProjection: Projection<OrderEvent> = {
  name: SALES_PROJECTION,
  eventTypes: ['OrderPlaced', 'OrderPaid', 'OrderCancelled', 'OrderRefunded'],
  tables: SALES_READ_MODEL.tables,
  async migrate(db, schema) {
    await createTables(db, schema, SALES_READ_MODEL.tables);
  },
  async apply(events, trx, schema) {
    const ids = [...new Set(events.map((event) => event.data.orderId))];
    const orders = new Map<string, OrderRow>();
    for (let start = 0; start < ids.length; start += 1000) {
      const rows = await trx
        .withSchema(schema)
        .table(SALES_ORDERS_TABLE)
        .whereIn('order_id', ids.slice(start, start + 1000))
        .select<Array<OrderRow & { refunded: string | number; refunded_usd: string | number }>>('*');
      for (const row of rows) {
        orders.set(row.order_id, {
          ...row,
          refunded: Number(row.refunded),
          refunded_usd: Number(row.refunded_usd),
        });
      }
    }
    const changed = new Set<string>();
    const daily = new Deltas<{ day: string; currency: string; kind: SalesKind }, DailySums>();
    const products = new Deltas<
      { day: string; currency: string; kind: SalesKind; category: string; sku: string },
      ProductSums
    >();
    const codes = new Deltas<{ day: string; currency: string; kind: SalesKind; code: string }, CodeSums>();
    const addProducts = (order: OrderRow, day: string, kind: SalesKind, lines: readonly LineFigures[]) => {
      for (const line of lines) {
        products.add(
          { day, currency: order.currency, kind, category: line.category, sku: line.sku },
          productSums(line),
          line.name,
        );
      }
    };
    const count = (order: OrderRow, day: string, kind: SalesKind, figures: SalesFigures, sign: 1 | -1) => {
      daily.add({ day, currency: order.currency, kind }, dailySums(figures));
      addProducts(
        order,
        day,
        kind,
        sign === 1
          ? order.figures.lines
          : order.figures.lines.map((line, index) => cancelLineFigures(line, order.refunded_lines[index])),
      );
      const { promotion } = order.figures;
      if (promotion) {
        codes.add(
          { day, currency: order.currency, kind, code: promotion.code },
          { orders: sign, discount: sign * promotion.discount, discount_usd: sign * promotion.discountUsd },
        );
      }
    };

    for (const event of events) {
      const { orderId } = event.data;
      const order = orders.get(orderId);
      if (event.type === 'OrderPlaced') {
        if (order) continue; // placed once; a repeat changes nothing
        const figures = saleFigures(event.data);
        orders.set(orderId, {
          order_id: orderId,
          currency: figures.currency,
          status: 'placed',
          refunded: 0,
          refunded_usd: 0,
          figures,
          refunded_lines: [],
        });
        changed.add(orderId);
        continue;
      }
      if (!order) continue; // an event before its placement: nothing to count it against
      const refundState = {
        net: order.figures.sale.net,
        netUsd: order.figures.sale.netUsd,
        refunded: order.refunded,
        refundedUsd: order.refunded_usd,
      };
      switch (event.type) {
        case 'OrderPaid':
          if (order.status !== 'placed') break;
          order.status = 'counted';
          count(order, utcDay(event.data.at), 'sale', order.figures.sale, 1);
          changed.add(orderId);
          break;
        case 'OrderCancelled':
          if (order.status === 'placed') {
            order.status = 'void';
            changed.add(orderId);
          } else if (order.status === 'counted') {
            order.status = 'cancelled';
            count(order, utcDay(event.data.at), 'cancel', cancelFigures(order.figures.sale, refundState), -1);
            changed.add(orderId);
          }
          break;
        case 'OrderRefunded': {
          if (order.status !== 'counted' && order.status !== 'cancelled') break;
          const refund = refundFigures(refundState, event.data.amount);
          const { amount, amountUsd } = refund;
          if (amount === 0) break;
          order.refunded += amount;
          order.refunded_usd += amountUsd;
          const day = utcDay(event.data.at);
          changed.add(orderId);
          if (order.status === 'cancelled') {
            // The cancel already took the sale out: only the money going back is counted.
            daily.add(
              { day, currency: order.currency, kind: 'refund' },
              { ...dailySums(ZERO), refunds_after_cancel: amount, refunds_after_cancel_usd: amountUsd },
            );
            break;
          }
          daily.add(
            { day, currency: order.currency, kind: 'refund' },
            { ...dailySums(ZERO), net: -amount, net_usd: -amountUsd },
          );
          const parts = refundLineParts(order.figures.lines, order.refunded_lines, refund);
          order.refunded_lines = addLineRefunds(order.refunded_lines, parts);
          addProducts(
            order,
            day,
            'refund',
            order.figures.lines
              .map((line, index) => ({
                ...line,
                units: 0,
                gross: 0,
                net: -parts[index]!.net,
                grossUsd: 0,
                netUsd: -parts[index]!.netUsd,
              }))
              .filter((line) => line.net !== 0 || line.netUsd !== 0),
          );
          break;
        }
        default:
          break;
      }
    }

    const rows = [...changed].map((id) => {
      const order = orders.get(id)!;
      return {
        ...order,
        figures: JSON.stringify(order.figures),
        refunded_lines: JSON.stringify(order.refunded_lines),
      };
    });
    for (let start = 0; start < rows.length; start += 1000) {
      await trx
        .withSchema(schema)
        .table(SALES_ORDERS_TABLE)
        .insert(rows.slice(start, start + 1000))
        .onConflict('order_id')
        .merge();
    }
    await addSums(trx, schema, SALES_DAILY_TABLE, ['day', 'currency', 'kind'], SALES_DAILY_SUMS, [
      ...daily.rows.values(),
    ]);
    await addSums(
      trx,
      schema,
      SALES_PRODUCTS_TABLE,
      ['day', 'currency', 'kind', 'category', 'sku'],
      SALES_PRODUCT_SUMS,
      [...products.rows.values()],
      ['name'],
    );
    await addSums(trx, schema, SALES_CODES_TABLE, ['day', 'currency', 'kind', 'code'], SALES_CODE_SUMS, [
      ...codes.rows.values(),
    ]);
  },
};

const ZERO: SalesFigures = {
  orders: 0,
  units: 0,
  gross: 0,
  discounts: 0,
  shipping: 0,
  net: 0,
  grossUsd: 0,
  discountsUsd: 0,
  shippingUsd: 0,
  netUsd: 0,
};
