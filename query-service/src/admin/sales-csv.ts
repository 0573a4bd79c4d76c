// The sales report's series as CSV (RFC 4180: comma-separated, CRLF line ends, a header row): one
// row per period, money as plain decimals in the report's currency with exactly its decimals.
// code_discounts (the promotion codes' part of discounts) comes last, so the earlier columns keep
// their places for readers of older exports. `?by=code` gives the per-code view instead.
import { decimalsOf } from '@printshop/shared-events/rules/currencies';
import type { SalesReport } from './sales-report';

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
