// How many promotion codes one address's network may try on a cart: rate-limiter-flexible on
// Postgres, so a guesser spreading tries over every gateway still meets one count.
import type { Knex } from 'knex';
import { PROMOTION_CODE_TOO_MANY } from '@printshop/shared-events/api/promotions';
import { clientNetwork } from '../gateway/client-network';
import { postgresRateLimits } from '../postgres/rate-limiter';

export const CODE_TRY_RATE_LIMIT_TABLE = 'promotion_code_rate_limits';

/** Counts one code tried from `ip`'s network; throws the 429 (with Retry-After) over `perHour`. */
export function createCodeTryLimit(db: Knex, perHour: number): (ip: string) => Promise<void> {
  const limiter = postgresRateLimits(db, CODE_TRY_RATE_LIMIT_TABLE)('code_try', {
    points: perHour,
    duration: 60 * 60,
  });
  return (ip) => limiter.consume(clientNetwork(ip), PROMOTION_CODE_TOO_MANY);
}
