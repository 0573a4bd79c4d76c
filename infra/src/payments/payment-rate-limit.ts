// How many payments one address's network may start (create-payment-intent and create-order
// together): rate-limiter-flexible on Postgres, so every gateway counts in the same table. A start
// is rare and asks the provider for something, so the shared count's round trip costs little.
import type { Knex } from 'knex';
import { PAYMENT_START_MESSAGES } from '@printshop/shared-events/api/orders';
import { clientNetwork } from '../gateway/client-network';
import { postgresRateLimits } from '../postgres/rate-limiter';

export const PAYMENT_RATE_LIMIT_TABLE = 'payment_rate_limits';

/** Counts one payment start from `ip`'s network; throws the 429 (with Retry-After) over `perHour`. */
export function createPaymentRateLimit(db: Knex, perHour: number): (ip: string) => Promise<void> {
  const limiter = postgresRateLimits(db, PAYMENT_RATE_LIMIT_TABLE)('payment_start', {
    points: perHour,
    duration: 60 * 60,
  });
  return (ip) => limiter.consume(clientNetwork(ip), PAYMENT_START_MESSAGES.tooMany);
}
