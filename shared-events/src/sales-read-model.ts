// The contract between the sales projection (projections/src/sales/) and the admin's reports and
// dashboard (query-service/src/admin/): the tables of schema `rm_sales`.
//
// `daily` holds one row per UTC day, order currency and kind of fact, with signed sums:
//   sale    an order counted when paid (OrderPaid.at): +1 order, its units, gross, discounts,
//           shipping and net (its total);
//   cancel  a paid order cancelled (OrderCancelled.at): the sale reversed, all negative; net
//           reverses what the order still held (its total less what was refunded before);
//   refund  money given back (OrderRefunded.at): net negative by the amount, nothing else; money
//           given back for an order already cancelled (whose cancel took its net out) is
//           refunds_after_cancel instead, net untouched, so refunds are all the money given back.
// Every money column exists twice: in minor units of `currency`, and `*_usd` in USD cents at the
// order's own rate. `daily_products` holds the same per category and SKU: a cancel takes out what
// each line still held; a refund (which names no items) lowers only net, spread over the refunded
// order's lines in proportion to what each still held, up to what they held together (the rest is
// shipping's), in whole units that add up to the lines' part. `daily_codes` holds the promotion
// codes' part of the discounts per code (sale and cancel only: a refund gives money back, it does
// not undo a discount): orders that used the code, and what it took off.
import type { ReadModel } from './read-models';

export const SALES_PROJECTION = 'sales';
export const SALES_DAILY_TABLE = 'daily';
export const SALES_PRODUCTS_TABLE = 'daily_products';
export const SALES_CODES_TABLE = 'daily_codes';
/** Per-order state of the fold (what was counted, what was refunded, and each line's part of the
 * refunds); not read by reports. */
export const SALES_ORDERS_TABLE = 'orders';

export const SALES_KINDS = ['sale', 'cancel', 'refund'] as const;
export type SalesKind = (typeof SALES_KINDS)[number];

/** Signed sums of `daily`. */
export const SALES_DAILY_SUMS = [
  'orders',
  'units',
  'gross',
  'discounts',
  'shipping',
  'net',
  'gross_usd',
  'discounts_usd',
  'shipping_usd',
  'net_usd',
  'refunds_after_cancel',
  'refunds_after_cancel_usd',
] as const;
/** Signed sums of `daily_products`. */
export const SALES_PRODUCT_SUMS = ['units', 'gross', 'net', 'gross_usd', 'net_usd'] as const;

/** Signed sums of `daily_codes`. */
export const SALES_CODE_SUMS = ['orders', 'discount', 'discount_usd'] as const;

const sumColumns = (columns: readonly string[]) =>
  columns
    .map((column) =>
      column === 'orders' || column === 'units' ? `${column} integer not null` : `${column} bigint not null`,
    )
    .join(',\n');

/** The tables. */
export const SALES_READ_MODEL: ReadModel = {
  name: SALES_PROJECTION,
  tables: [
    {
      name: SALES_ORDERS_TABLE,
      primaryKey: ['order_id'],
      columns: `
         order_id text primary key,
         currency text not null,
         status text not null,
         refunded bigint not null,
         refunded_usd bigint not null,
         figures jsonb not null
       `,
      // Added when refunds reached the products: [{net, netUsd}] per line of figures.lines. Rows
      // of earlier releases read [] (their refunds were never spread); a replay spreads them.
      addedColumns: ["refunded_lines jsonb not null default '[]'::jsonb"],
    },
    {
      name: SALES_DAILY_TABLE,
      primaryKey: ['day', 'currency', 'kind'],
      columns: `
         day date not null,
         currency text not null,
         kind text not null,
         ${sumColumns(SALES_DAILY_SUMS)},
         primary key (day, currency, kind)
       `,
      // Added when refunds after a cancellation reached the report: rows of earlier releases read 0
      // (such refunds were not counted); a replay counts them.
      addedColumns: [
        'refunds_after_cancel bigint not null default 0',
        'refunds_after_cancel_usd bigint not null default 0',
      ],
    },
    {
      name: SALES_PRODUCTS_TABLE,
      primaryKey: ['day', 'currency', 'kind', 'category', 'sku'],
      columns: `
         day date not null,
         currency text not null,
         kind text not null,
         category text not null,
         sku text not null,
         name text not null,
         ${sumColumns(SALES_PRODUCT_SUMS)},
         primary key (day, currency, kind, category, sku)
       `,
    },
    {
      name: SALES_CODES_TABLE,
      primaryKey: ['day', 'currency', 'kind', 'code'],
      columns: `
         day date not null,
         currency text not null,
         kind text not null,
         code text not null,
         ${sumColumns(SALES_CODE_SUMS)},
         primary key (day, currency, kind, code)
       `,
    },
  ],
};

/** A row of `daily` (bigint sums arrive from Postgres as strings). */
export type SalesDailyRow = { day: string; currency: string; kind: SalesKind } & Record<
  (typeof SALES_DAILY_SUMS)[number],
  number | string
>;
/** A row of `daily_products`. */
export type SalesProductRow = {
  day: string;
  currency: string;
  kind: SalesKind;
  category: string;
  sku: string;
  name: string;
} & Record<(typeof SALES_PRODUCT_SUMS)[number], number | string>;
