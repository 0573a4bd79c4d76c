// How many contact messages one address may send: rate-limiter-flexible on Postgres, so every
// gateway counts in the same table (the auth limits' layout, a table of its own).
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequests } from '@printshop/shared-events/errors';
import { CONTACT_ANSWERS } from '@printshop/command-service/contact/messages';

export const CONTACT_RATE_LIMIT_TABLE = 'contact_rate_limits';
/** Enough for a real conversation, too few for a spam run: 5 messages an hour from one address. */
export const CONTACT_LIMIT = { points: 5, duration: 60 * 60 } as const;

async function createTable(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw("select pg_advisory_xact_lock(hashtext('printshop:contact_rate_limits'))");
    await trx.raw(
      `create table if not exists ?? (
         key varchar(255) primary key,
         points integer not null default 0,
         expire bigint
       )`,
      [CONTACT_RATE_LIMIT_TABLE],
    );
  });
}

/** Counts one message from `ip`; throws TooManyRequests (with Retry-After) over the limit. */
export function createContactRateLimit(
  db: Knex,
  limit: { points: number; duration: number } = CONTACT_LIMIT,
): (ip: string) => Promise<void> {
  let ready: Promise<void> | undefined;
  const limiter = new RateLimiterPostgres({
    storeClient: db,
    storeType: 'knex',
    tableName: CONTACT_RATE_LIMIT_TABLE,
    tableCreated: true,
    keyPrefix: 'contact_ip',
    ...limit,
  });
  return async (ip) => {
    ready ??= createTable(db).catch((error: unknown) => {
      ready = undefined; // try again on the next request
      throw error;
    });
    await ready;
    try {
      await limiter.consume(ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new TooManyRequests(CONTACT_ANSWERS.tooMany, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    }
  };
}
