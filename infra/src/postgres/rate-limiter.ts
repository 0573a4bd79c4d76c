// rate-limiter-flexible on Postgres, so every gateway counts in the same table: the library's own
// table layout, created once (under a lock, as several gateways start) on first use.
import type { Knex } from 'knex';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { TooManyRequests } from '@printshop/shared-events/errors';

export interface Limit {
  points: number;
  /** Seconds. */
  duration: number;
}

async function createTable(db: Knex, tableName: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`printshop:${tableName}`]);
    await trx.raw(
      `create table if not exists ?? (
         key varchar(255) primary key,
         points integer not null default 0,
         expire bigint
       )`,
      [tableName],
    );
  });
}

/** A function that makes sure the table exists; a failure is tried again on the next call. */
export function rateLimitTable(db: Knex, tableName: string): () => Promise<void> {
  let ready: Promise<void> | undefined;
  return () => {
    ready ??= createTable(db, tableName).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
}

export const postgresLimiter = (db: Knex, tableName: string, keyPrefix: string, limit: Limit) =>
  new RateLimiterPostgres({
    storeClient: db,
    storeType: 'knex',
    tableName,
    tableCreated: true,
    keyPrefix,
    ...limit,
  });

/** The 429 of a refusal, with Retry-After from the library's answer (at least 1 s). */
export const tooMany = (message: string, res: RateLimiterRes) =>
  new TooManyRequests(message, Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
