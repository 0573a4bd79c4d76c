// The promotion codes' part of the sales report, from `daily_codes` (shared-events/src/sales-read-model.ts):
// the code discounts per period (same UTC periods as the series) and per code over the range, net of
// cancellations. Amounts in minor units of the report's currency (USD cents when converted).
import type { Knex } from 'knex';
import { SALES_ALL_CONVERTED } from '@printshop/shared-events/api/admin';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { SALES_CODES_TABLE, SALES_PROJECTION } from '@printshop/shared-events/sales-read-model';

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
