// Row-for-row comparison of two copies of a projection's tables (live vs rebuilt), by primary key.
import type { Knex } from 'knex';
import type { ProjectionTable } from './projection';

export type Row = Record<string, unknown>;

export type RowDifference =
  /** The table is absent from one side. */
  | { table: string; kind: 'missing-table'; side: 'live' | 'rebuilt' }
  /** The rebuild has the row, the live model does not. */
  | { table: string; kind: 'missing'; key: Row; rebuilt: Row }
  /** The live model has a row the rebuild does not. */
  | { table: string; kind: 'extra'; key: Row; live: Row }
  | { table: string; kind: 'different'; key: Row; live: Row; rebuilt: Row };

export interface Comparison {
  differences: RowDifference[];
  /** All differences, including those beyond the reported limit. */
  total: number;
}

export async function compareReadModels(
  db: Knex | Knex.Transaction,
  liveSchema: string,
  rebuiltSchema: string,
  tables: readonly ProjectionTable[],
  options: { limitPerTable?: number } = {},
): Promise<Comparison> {
  const limit = options.limitPerTable ?? 100;
  const differences: RowDifference[] = [];
  let total = 0;
  for (const table of tables) {
    if (table.primaryKey.length === 0) throw new Error(`Table ${table.name} declares no primary key`);
    const [liveExists, rebuiltExists] = await Promise.all([
      tableExists(db, liveSchema, table.name),
      tableExists(db, rebuiltSchema, table.name),
    ]);
    if (!liveExists || !rebuiltExists) {
      differences.push({ table: table.name, kind: 'missing-table', side: liveExists ? 'rebuilt' : 'live' });
      total++;
      continue;
    }
    const on = table.primaryKey
      .map((column) => db.raw('l.?? = r.??', [column, column]).toString())
      .join(' and ');
    const order = table.primaryKey
      .map((column) => db.raw('coalesce(l.??, r.??)', [column, column]).toString())
      .join(', ');
    // A null-extended side of the full join is a NULL row, so to_jsonb tells missing from different.
    const result = await db.raw<{
      rows: Array<{ live: Row | null; rebuilt: Row | null; total: number | string }>;
    }>(
      `select to_jsonb(l) as live, to_jsonb(r) as rebuilt, count(*) over () as total
       from ??.?? l full join ??.?? r on ${on}
       where to_jsonb(l) is distinct from to_jsonb(r)
       order by ${order}
       limit ?`,
      [liveSchema, table.name, rebuiltSchema, table.name, limit],
    );
    total += Number(result.rows[0]?.total ?? 0);
    for (const { live, rebuilt } of result.rows) {
      const key = Object.fromEntries(table.primaryKey.map((column) => [column, (live ?? rebuilt)![column]]));
      if (!live) differences.push({ table: table.name, kind: 'missing', key, rebuilt: rebuilt! });
      else if (!rebuilt) differences.push({ table: table.name, kind: 'extra', key, live });
      else differences.push({ table: table.name, kind: 'different', key, live, rebuilt });
    }
  }
  return { differences, total };
}

async function tableExists(db: Knex | Knex.Transaction, schema: string, table: string): Promise<boolean> {
  const result = await db.raw<{ rows: unknown[] }>(
    'select 1 from pg_tables where schemaname = ? and tablename = ?',
    [schema, table],
  );
  return result.rows.length > 0;
}
