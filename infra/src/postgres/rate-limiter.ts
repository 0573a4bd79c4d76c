// rate-limiter-flexible on Postgres, so every gateway counts in the same table: the library's own
// table layout, created once (under a lock, as several gateways start) on first use.
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequests } from '@printshop/shared-events/errors';
import { clientNetwork } from '../gateway/client-network';
import { migrateUnderLock } from './migrate-under-lock';

export interface Limit {
  points: number;
  /** Seconds. */
  duration: number;
}

async function createTable(db: Knex, tableName: string): Promise<void> {
  await migrateUnderLock(db, tableName, async (trx) => {
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
function rateLimitTable(db: Knex, tableName: string): () => Promise<void> {
  let ready: Promise<void> | undefined;
  return () => {
    ready ??= createTable(db, tableName).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
}

const postgresLimiter = (db: Knex, tableName: string, keyPrefix: string, limit: Limit) =>
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

/** One counter of a table: `limit.points` per `limit.duration` seconds for each key. */
export interface PostgresLimiter {
  /** Counts `points` (default 1) for `key`: the library's refusal when over the limit, else undefined. */
  take(key: string, points?: number): Promise<RateLimiterRes | undefined>;
  /** Counts as `take`, and throws the 429 with `message` when over the limit. */
  consume(key: string, message: string, points?: number): Promise<void>;
  /** Forgets the key's count. */
  delete(key: string): Promise<void>;
  /** Gives `points` back to the key. */
  reward(key: string, points: number): Promise<void>;
}

/** The counters of one table (made on first use), each with its own key prefix and limit. */
export function postgresRateLimits(db: Knex, tableName: string) {
  const tableReady = rateLimitTable(db, tableName);
  return (keyPrefix: string, limit: Limit): PostgresLimiter => {
    const limiter = postgresLimiter(db, tableName, keyPrefix, limit);
    const take = async (key: string, points = 1) => {
      await tableReady();
      try {
        await limiter.consume(key, points);
        return undefined;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        return error;
      }
    };
    return {
      take,
      async consume(key, message, points) {
        const refused = await take(key, points);
        if (refused) throw tooMany(message, refused);
      },
      async delete(key) {
        await tableReady();
        await limiter.delete(key);
      },
      async reward(key, points) {
        await tableReady();
        await limiter.reward(key, points);
      },
    };
  };
}

/**
 * A limit of its own table counted per address's network (client-network.ts): counts one call from
 * `ip` and throws the 429 with `message` over `limit`.
 */
export function postgresNetworkLimit(
  db: Knex,
  tableName: string,
  limit: Limit,
  message: string,
): (ip: string) => Promise<void> {
  const limiter = postgresRateLimits(db, tableName)('network', limit);
  return (ip) => limiter.consume(clientNetwork(ip), message);
}
