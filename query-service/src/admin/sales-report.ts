// The sales report, from the sales read model only (shared-events/src/sales-read-model.ts says what
// each row means). Periods are UTC: days, ISO weeks (Monday to Sunday, labelled by ISO year and
// week, '2025-W01') and calendar months; the first and last period are cut to the range, and every
// period of the range is listed, with zeros when nothing happened.
// currency 'USD-converted': every order, each converted to USD at its own rate (the *_usd sums);
// a currency code: only the orders paid in it, in that currency.
// Categories and products net refunds too (the read model spreads each over the refunded order's
// lines); one with nothing left over the range (no units, no net: its orders were cancelled) is not
// listed.
// The promotion codes' part (codeDiscounts) and the CSV form (salesCsv) end the file.
import type { Knex } from 'knex';
import {
  SALES_ALL_CONVERTED,
  type SALES_CURRENCY_SCOPES,
  type SalesReportResponse,
} from '@printshop/shared-events/api/admin';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { decimalsOf } from '@printshop/shared-events/rules/currencies';
import { toMajor } from '@printshop/shared-events/rules/money';
import {
  SALES_CODES_TABLE,
  SALES_DAILY_TABLE,
  SALES_PRODUCTS_TABLE,
  SALES_PROJECTION,
} from '@printshop/shared-events/sales-read-model';

export const TOP_PRODUCTS = 10;

/** Period labels, computed by Postgres from each UTC day. */
const PERIOD_LABEL = {
  day: `'YYYY-MM-DD'`,
  week: `'IYYY-"W"IW'`,
  month: `'YYYY-MM'`,
} as const;

/** The figures of a period, in the report's order. */
const FIGURES = [
  'orders',
  'units',
  'gross',
  'discounts',
  'shipping',
  'net',
  'cancellations',
  'refunds',
  /** The promotion codes' part of `discounts`. */
  'codeDiscounts',
] as const;

/** Whole figures of a period in minor units (or USD cents). */
export type MinorFigures = Record<(typeof FIGURES)[number], number>;

/** Every figure, each from `value`. */
function figuresOf(value: (name: (typeof FIGURES)[number]) => number): MinorFigures {
  const figures = {} as MinorFigures;
  for (const name of FIGURES) figures[name] = value(name);
  return figures;
}

/** The parsed query with its defaults applied. */
export interface SalesReportParams {
  from: string;
  to: string;
  groupBy: 'day' | 'week' | 'month';
  currency: (typeof SALES_CURRENCY_SCOPES)[number];
}

export interface SalesReport {
  /** The currency of every amount. */
  currency: string;
  query: SalesReportParams;
  series: Array<MinorFigures & { period: string; start: string; end: string }>;
  totals: MinorFigures;
  byCategory: Array<{ category: string; units: number; gross: number; net: number }>;
  topProducts: Array<{ sku: string; name: string; units: number; gross: number; net: number }>;
  byCode: CodeFigures[];
}

const ZERO: MinorFigures = figuresOf(() => 0);

/**
 * The series of a range: every period's figures but the codes' part (0 here), from `daily`. The
 * dashboard sums it too, so its figures are the report's.
 */
export async function salesSeries(
  db: Knex,
  query: Omit<SalesReportParams, 'groupBy'> & { groupBy?: SalesReportParams['groupBy'] },
): Promise<SalesReport['series']> {
  const converted = query.currency === SALES_ALL_CONVERTED;
  const money = (column: string) => (converted ? `${column}_usd` : column);
  const currencyFilter = converted ? '' : 'and f.currency = ?';
  const currencyBinding = converted ? [] : [query.currency];
  const seriesRows = await db.raw<{ rows: Array<Record<string, string>> }>(
    `with days as (select d::date as day from generate_series(?::date, ?::date, interval '1 day') as d)
     select to_char(days.day, ${PERIOD_LABEL[query.groupBy ?? 'day']}) as period,
            to_char(min(days.day), 'YYYY-MM-DD') as start,
            to_char(max(days.day), 'YYYY-MM-DD') as "end",
            coalesce(sum(f.orders), 0) as orders,
            coalesce(sum(f.units), 0) as units,
            coalesce(sum(f.??), 0) as gross,
            coalesce(sum(f.??), 0) as discounts,
            coalesce(sum(f.??), 0) as shipping,
            coalesce(sum(f.??), 0) as net,
            coalesce(sum(case when f.kind = 'cancel' then -f.orders end), 0) as cancellations,
            coalesce(sum(case when f.kind = 'refund' then f.?? - f.?? end), 0) as refunds
       from days
       left join ??.?? as f on f.day = days.day ${currencyFilter}
      group by 1
      order by min(days.day)`,
    [
      query.from,
      query.to,
      money('gross'),
      money('discounts'),
      money('shipping'),
      money('net'),
      // money given back: what lowered net, and what went back after a cancellation took net out
      money('refunds_after_cancel'),
      money('net'),
      readModelSchema(SALES_PROJECTION),
      SALES_DAILY_TABLE,
      ...currencyBinding,
    ],
  );
  return seriesRows.rows.map((row) => ({
    period: row.period!,
    start: row.start!,
    end: row.end!,
    ...figuresOf((name) => (name === 'codeDiscounts' ? 0 : Number(row[name]))),
  }));
}

/** The figures of the periods added up. */
export const sumFigures = (periods: readonly MinorFigures[]): MinorFigures =>
  periods.reduce<MinorFigures>((sum, period) => figuresOf((name) => sum[name] + period[name]), { ...ZERO });

export async function salesReport(db: Knex, query: SalesReportParams): Promise<SalesReport> {
  const schema = readModelSchema(SALES_PROJECTION);
  const converted = query.currency === SALES_ALL_CONVERTED;
  const money = (column: string) => (converted ? `${column}_usd` : column);
  const codes = await codeDiscounts(db, query, PERIOD_LABEL[query.groupBy]);
  const series = (await salesSeries(db, query)).map((period) => ({
    ...period,
    codeDiscounts: codes.byPeriod.get(period.period) ?? 0,
  }));
  const totals = sumFigures(series);

  const products = () => {
    const builder = db
      .withSchema(schema)
      .table(SALES_PRODUCTS_TABLE)
      .whereBetween('day', [query.from, query.to]);
    return converted ? builder : builder.where({ currency: query.currency });
  };
  const sums = [
    db.raw('coalesce(sum(units), 0) as units'),
    db.raw('coalesce(sum(??), 0) as gross', [money('gross')]),
    db.raw('coalesce(sum(??), 0) as net', [money('net')]),
  ];
  // Nothing left: no units and no net over the range.
  const somethingLeft = 'sum(units) <> 0 or sum(??) <> 0';
  const categoryRows = await products()
    .groupBy('category')
    .havingRaw(somethingLeft, [money('net')])
    .orderBy([{ column: 'net', order: 'desc' }, { column: 'category' }])
    .select<Array<Record<string, string>>>('category', ...sums);
  const productRows = await products()
    .groupBy('sku')
    .havingRaw(somethingLeft, [money('net')])
    .orderBy([{ column: 'net', order: 'desc' }, { column: 'units', order: 'desc' }, { column: 'sku' }])
    .limit(TOP_PRODUCTS)
    .select<Array<Record<string, string>>>(
      'sku',
      // The name of its latest sale in the range.
      db.raw('(array_agg(name order by day desc, kind desc))[1] as name'),
      ...sums,
    );
  const productFigures = (row: Record<string, string>) => ({
    units: Number(row.units),
    gross: Number(row.gross),
    net: Number(row.net),
  });

  return {
    currency: converted ? 'USD' : query.currency,
    query,
    series,
    totals,
    byCategory: categoryRows.map((row) => ({ category: row.category!, ...productFigures(row) })),
    topProducts: productRows.map((row) => ({ sku: row.sku!, name: row.name!, ...productFigures(row) })),
    byCode: codes.byCode,
  };
}

/** The JSON answer: money in major units of the report's currency. */
export function salesReportBody(report: SalesReport): SalesReportResponse {
  const major = (minor: number) => toMajor(minor, report.currency);
  const figures = (f: MinorFigures) => ({
    orders: f.orders,
    units: f.units,
    gross: major(f.gross),
    discounts: major(f.discounts),
    shipping: major(f.shipping),
    net: major(f.net),
    cancellations: f.cancellations,
    refunds: major(f.refunds),
    codeDiscounts: major(f.codeDiscounts),
  });
  const { query } = report;
  return {
    success: true,
    currency: report.currency,
    scope: query.currency,
    basis:
      query.currency === SALES_ALL_CONVERTED
        ? 'Every order, each converted to USD at its own rate (the one it was priced at)'
        : `Only the orders paid in ${query.currency}, in ${query.currency}`,
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    timeZone: 'UTC',
    series: report.series.map((period) => ({
      period: period.period,
      start: period.start,
      end: period.end,
      ...figures(period),
    })),
    totals: figures(report.totals),
    byCategory: report.byCategory.map((row) => ({ ...row, gross: major(row.gross), net: major(row.net) })),
    topProducts: report.topProducts.map((row) => ({ ...row, gross: major(row.gross), net: major(row.net) })),
    byCode: report.byCode.map((row) => ({ ...row, discount: major(row.discount) })),
  };
}

// The promotion codes' part of the sales report, from `daily_codes` (shared-events/src/sales-read-model.ts):
// the code discounts per period (same UTC periods as the series) and per code over the range, net of
// cancellations. Amounts in minor units of the report's currency (USD cents when converted).
export interface CodeFigures {
  code: string;
  /** Orders that used the code, less the cancelled ones. */
  orders: number;
  discount: number;
}

export interface CodeDiscounts {
  /** Period label -> code discounts in it. */
  byPeriod: Map<string, number>;
  /** Largest discount first, then by code. */
  byCode: CodeFigures[];
}

export async function codeDiscounts(
  db: Knex,
  query: { from: string; to: string; currency: string },
  periodLabel: string,
): Promise<CodeDiscounts> {
  const schema = readModelSchema(SALES_PROJECTION);
  const converted = query.currency === SALES_ALL_CONVERTED;
  const discount = converted ? 'discount_usd' : 'discount';
  const rows = () => {
    const builder = db
      .withSchema(schema)
      .table(SALES_CODES_TABLE)
      .whereBetween('day', [query.from, query.to]);
    return converted ? builder : builder.where({ currency: query.currency });
  };
  const periodRows = await rows()
    .groupByRaw('1')
    .select<Array<{ period: string; discount: string }>>(
      db.raw(`to_char(day, ${periodLabel}) as period`),
      db.raw('coalesce(sum(??), 0) as discount', [discount]),
    );
  const codeRows = await rows()
    .groupBy('code')
    .orderBy([{ column: 'discount', order: 'desc' }, { column: 'code' }])
    .select<Array<{ code: string; orders: string; discount: string }>>(
      'code',
      db.raw('coalesce(sum(orders), 0) as orders'),
      db.raw('coalesce(sum(??), 0) as discount', [discount]),
    );
  return {
    byPeriod: new Map(periodRows.map((row) => [row.period, Number(row.discount)])),
    byCode: codeRows.map((row) => ({
      code: row.code,
      orders: Number(row.orders),
      discount: Number(row.discount),
    })),
  };
}

// The sales report's series as CSV (RFC 4180: comma-separated, CRLF line ends, a header row): one
// row per period, money as plain decimals in the report's currency with exactly its decimals.
// code_discounts (the promotion codes' part of discounts) comes last, so the earlier columns keep
// their places for readers of older exports. `?by=code` gives the per-code view instead.
export const SALES_CSV_COLUMNS = [
  'period',
  'start',
  'end',
  'orders',
  'cancellations',
  'units',
  'gross',
  'discounts',
  'shipping',
  'refunds',
  'net',
  'currency',
  'code_discounts',
] as const;

/** Minor units as an exact decimal text: 123456 with 2 decimals -> "1234.56", -5 -> "-0.05". */
export function decimalText(minor: number, decimals: number): string {
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const whole = decimals === 0 ? digits : digits.slice(0, -decimals);
  const text = decimals === 0 ? whole : `${whole}.${digits.slice(-decimals)}`;
  return minor < 0 ? `-${text}` : text;
}

/** Quotes a cell only when it must (comma, quote or line break). */
const cell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** `?by=code`: one row per promotion code over the whole range (the JSON's byCode), largest first. */
export const SALES_CODES_CSV_COLUMNS = ['code', 'from', 'to', 'orders', 'discount', 'currency'] as const;

export function salesCodesCsv(report: SalesReport): string {
  const decimals = decimalsOf(report.currency);
  const { from, to } = report.query;
  const rows = report.byCode.map((c) =>
    [c.code, from, to, c.orders, decimalText(c.discount, decimals), report.currency].map(cell).join(','),
  );
  return [SALES_CODES_CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

export function salesCsv(report: SalesReport): string {
  const decimals = decimalsOf(report.currency);
  const money = (minor: number) => decimalText(minor, decimals);
  const rows = report.series.map((p) =>
    [
      p.period,
      p.start,
      p.end,
      p.orders,
      p.cancellations,
      p.units,
      money(p.gross),
      money(p.discounts),
      money(p.shipping),
      money(p.refunds),
      money(p.net),
      report.currency,
      money(p.codeDiscounts),
    ]
      .map(cell)
      .join(','),
  );
  return [SALES_CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}
