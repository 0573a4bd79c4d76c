// The auth calls' rate limits (command-service/src/user/rate-limits.ts) with rate-limiter-flexible
// on Postgres, so every gateway counts in the same table. Sign-in counts failures only, checked
// before the password (the library's "get before consume" pattern for login protection); a success
// forgets the e-mail's failures. Forgot and reset count every request of an IP.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthRateLimits } from '@printshop/command-service/user/rate-limits';
import { AUTH_MESSAGES } from '@printshop/command-service/user/messages';
import { postgresLimiter, rateLimitTable, tooMany, type Limit } from '../postgres/rate-limiter';

export const RATE_LIMIT_TABLE = 'auth_rate_limits';

const MINUTE = 60;
export const AUTH_LIMITS = {
  signInByEmail: { points: 5, duration: 15 * MINUTE },
  signInByIp: { points: 30, duration: 15 * MINUTE },
  forgotPasswordByIp: { points: 5, duration: 60 * MINUTE },
  resetPasswordByIp: { points: 5, duration: 60 * MINUTE },
} as const;

/** Keys stay under the table's 255 characters whatever the e-mail's length. */
const emailKeyOf = (emailKey: string) => createHash('sha256').update(emailKey).digest('hex');

export function createAuthRateLimits(db: Knex): AuthRateLimits {
  const limiter = (keyPrefix: string, limit: Limit) =>
    postgresLimiter(db, RATE_LIMIT_TABLE, keyPrefix, limit);
  const byEmail = limiter('signin_email', AUTH_LIMITS.signInByEmail);
  const byIp = limiter('signin_ip', AUTH_LIMITS.signInByIp);
  const forgot = limiter('forgot_ip', AUTH_LIMITS.forgotPasswordByIp);
  const reset = limiter('reset_ip', AUTH_LIMITS.resetPasswordByIp);
  const tableReady = rateLimitTable(db, RATE_LIMIT_TABLE);

  /** Refuses when the key has used all its points in the current window. */
  const check = async (rateLimiter: RateLimiterPostgres, key: string, message: string) => {
    const res = await rateLimiter.get(key);
    if (res && res.consumedPoints >= rateLimiter.points) throw tooMany(message, res);
  };
  /** Counts one; over the limit it throws TooManyRequests when `message` is given. */
  const count = async (rateLimiter: RateLimiterPostgres, key: string, message?: string) => {
    try {
      await rateLimiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      if (message) throw tooMany(message, error);
    }
  };

  return {
    async checkSignIn(emailKey, ip) {
      await tableReady();
      await check(byEmail, emailKeyOf(emailKey), AUTH_MESSAGES.tooManySignIns);
      await check(byIp, ip, AUTH_MESSAGES.tooManySignIns);
    },
    async signInFailed(emailKey, ip) {
      await tableReady();
      await Promise.all([count(byEmail, emailKeyOf(emailKey)), count(byIp, ip)]);
    },
    async signInSucceeded(emailKey) {
      await tableReady();
      await byEmail.delete(emailKeyOf(emailKey));
    },
    async forgotPassword(ip) {
      await tableReady();
      await count(forgot, ip, AUTH_MESSAGES.tooManyResets);
    },
    async resetPassword(ip) {
      await tableReady();
      await count(reset, ip, AUTH_MESSAGES.tooManyResets);
    },
  };
}
