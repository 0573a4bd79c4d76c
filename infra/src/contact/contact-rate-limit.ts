// How many contact messages one address may send: rate-limiter-flexible on Postgres, so every
// gateway counts in the same table (postgres/rate-limiter.ts; a table of its own).
import type { Knex } from 'knex';
import { CONTACT_ANSWERS } from '@printshop/command-service/contact/messages';
import { postgresNetworkLimit, type Limit } from '../postgres/rate-limiter';

export const CONTACT_RATE_LIMIT_TABLE = 'contact_rate_limits';
/** Enough for a real conversation, too few for a spam run: 5 messages an hour from one address. */
export const CONTACT_LIMIT = { points: 5, duration: 60 * 60 } as const;

/** Counts one message from `ip`'s network (client-network.ts); throws TooManyRequests (with Retry-After) over the limit. */
export function createContactRateLimit(
  db: Knex,
  limit: Limit = CONTACT_LIMIT,
): (ip: string) => Promise<void> {
  return postgresNetworkLimit(db, CONTACT_RATE_LIMIT_TABLE, limit, CONTACT_ANSWERS.tooMany);
}
