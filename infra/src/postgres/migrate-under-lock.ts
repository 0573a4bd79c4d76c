// A table's own migration (create if missing, add a column) in one transaction behind an advisory
// lock named for it: several processes starting at once (gateways, workers, tests) would otherwise
// race on `create table if not exists` and one of them fail on the catalog's unique index.
import type { Knex } from 'knex';

export async function migrateUnderLock(
  db: Knex,
  name: string,
  migrate: (trx: Knex.Transaction) => Promise<unknown>,
): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`printshop:migrate:${name}`]);
    await migrate(trx);
  });
}
