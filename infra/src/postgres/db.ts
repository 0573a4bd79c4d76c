// One knex (pg) pool per process. int8 columns (positions, revisions, counts) come back as numbers:
// they stay far below 2^53, and strings would leak into every caller.
import knex, { type Knex } from 'knex';
import pg from 'pg';

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createDb(url: string, options: { poolMax?: number; poolMin?: number } = {}): Knex {
  return knex({
    client: 'pg',
    connection: { connectionString: url, application_name: 'printshop' },
    pool: { min: options.poolMin ?? 0, max: options.poolMax ?? 10 },
  });
}
