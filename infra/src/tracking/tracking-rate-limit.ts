// How many tracking calls one address's network may make: counted in this process's memory
// (rate-limiter-flexible), not in Postgres as the other limits are. A tracking call is the shop's
// busiest write and fire-and-forget, so a round trip per call to share the count would cost more
// than the call; each gateway allows the limit on its own, which still bounds what a caller writes.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { TRACKING_MESSAGES } from '@printshop/shared-events/api/tracking';
import { clientNetwork } from '../gateway/client-network';
import { tooMany } from '../postgres/rate-limiter';

/** Counts one call from `ip`'s network; throws the 429 (with Retry-After) over `perMinute`. */
export function createTrackingRateLimit(perMinute: number): (ip: string) => Promise<void> {
  const limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
  return async (ip) => {
    try {
      await limiter.consume(clientNetwork(ip));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooMany(TRACKING_MESSAGES.tooMany, error);
      throw error;
    }
  };
}
