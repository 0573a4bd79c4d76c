// Processes starting together (a gateway, its workers, a second gateway) each migrate the same
// tables: behind the lock they all succeed and the table is made once.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@printshop/test/support/database';
import { createDb } from './db';
import { migrateUnderLock } from './migrate-under-lock';

const PROCESSES = 8;
let database: TestDatabase;
let pools: Knex[];

beforeAll(async () => {
  database = await createTestDatabase('migrate_lock');
  pools = Array.from({ length: PROCESSES }, () => createDb(database.url));
});

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.destroy()));
  await database.drop();
});

describe('a migration under its lock', () => {
  it('given eight processes, when they all make the same new tables at once, then each succeeds', async () => {
    for (const table of ['first_table', 'second_table', 'third_table']) {
      const runs = await Promise.allSettled(
        pools.map((pool) =>
          migrateUnderLock(pool, table, async (trx) => {
            await trx.raw(`create table if not exists ${table} (id text primary key, at timestamptz)`);
            await trx.raw(`create index if not exists ${table}_at on ${table} (at)`);
          }),
        ),
      );
      expect(runs.filter((run) => run.status === 'rejected')).toEqual([]);
      const { rows } = await pools[0]!.raw('select count(*)::int as n from pg_tables where tablename = ?', [
        table,
      ]);
      expect(rows[0].n).toBe(1);
    }
  });

  it('given a migration that fails, then nothing of it stays and the next one runs', async () => {
    const failing = migrateUnderLock(pools[0]!, 'half_made', async (trx) => {
      await trx.raw('create table half_made (id text)');
      throw new Error('the second step failed');
    });
    await expect(failing).rejects.toThrow('the second step failed');
    await migrateUnderLock(pools[1]!, 'half_made', (trx) =>
      trx.raw('create table if not exists half_made (id text)'),
    );
    const { rows } = await pools[0]!.raw(
      "select count(*)::int as n from pg_tables where tablename = 'half_made'",
    );
    expect(rows[0].n).toBe(1);
  });
});
