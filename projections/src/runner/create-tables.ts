// The one way a projection makes its tables: from the table definitions of its read model's
// contract (shared-events/src/read-models.ts), idempotent, inside the schema it is given (live or
// a rebuild's shadow).
import type { Knex } from 'knex';
import type { ReadModelTable } from '@printshop/shared-events/read-models';

export async function createTables(
  db: Knex,
  schema: string,
  tables: readonly ReadModelTable[],
): Promise<void> {
  for (const table of tables) {
    await db.raw(`create table if not exists ??.?? (${table.columns})`, [schema, table.name]);
    for (const column of table.addedColumns ?? []) {
      await db.raw(`alter table ??.?? add column if not exists ${column}`, [schema, table.name]);
    }
    for (const [index, on] of Object.entries(table.indexes ?? {})) {
      await db.raw(`create index if not exists ?? on ??.?? ${on}`, [index, schema, table.name]);
    }
    for (const [index, on] of Object.entries(table.uniqueIndexes ?? {})) {
      await db.raw(`create unique index if not exists ?? on ??.?? ${on}`, [index, schema, table.name]);
    }
  }
}
