// Limits counted in this process's memory (rate-limiter-flexible), per address's network
// (client-network.ts), for the busiest writes: tracking calls and cart changes. A round trip per
// call to share the count in Postgres would cost about what the call does; each gateway allows
// the limit on its own, which still bounds what one caller can write. Rare, costly or guessable
// calls (sign-in, payments, codes) count in Postgres instead (postgres/rate-limiter.ts).
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooMany, type Limit } from '../postgres/rate-limiter';
import { clientNetwork } from './client-network';

/** Counts one call from `ip`'s network; throws the 429 with `message` (and Retry-After) over `limit`. */
export function memoryNetworkLimit(limit: Limit, message: string): (ip: string) => Promise<void> {
  const limiter = new RateLimiterMemory(limit);
  return async (ip) => {
    try {
      await limiter.consume(clientNetwork(ip));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooMany(message, error);
      throw error;
    }
  };
}
