// The auth calls' rate limits (command-service/src/user/rate-limits.ts) with rate-limiter-flexible
// on Postgres, so every gateway counts in the same table. Every limit consumes first (one atomic
// upsert) and only then lets the work happen: 40 parallel guesses get 5 password checks, not 40.
// Sign-in is counted per e-mail-and-address and per address, never per e-mail alone, so nobody
// can lock an owner (or the admin) out from everywhere by failing on their e-mail.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { AuthRateLimits } from '@printshop/command-service/user/rate-limits';
import { AUTH_MESSAGES } from '@printshop/command-service/user/messages';
import { clientNetwork } from '../gateway/client-network';
import { postgresRateLimits } from '../postgres/rate-limiter';

export const RATE_LIMIT_TABLE = 'auth_rate_limits';

const MINUTE = 60;
/** The default registrations an address may make in an hour (REGISTRATIONS_PER_IP_PER_HOUR). */
export const DEFAULT_REGISTRATIONS_PER_HOUR = 20;
export const AUTH_LIMITS = {
  signInByEmailAndIp: { points: 5, duration: 15 * MINUTE },
  signInByIp: { points: 30, duration: 15 * MINUTE },
  registerByIp: { points: DEFAULT_REGISTRATIONS_PER_HOUR, duration: 60 * MINUTE },
  forgotPasswordByIp: { points: 5, duration: 60 * MINUTE },
  resetPasswordByIp: { points: 5, duration: 60 * MINUTE },
} as const;

export interface AuthRateLimitOptions {
  /** Registrations one address may make in an hour. */
  registrationsPerHour?: number;
}

/** Keys stay under the table's 255 characters whatever the e-mail's length. */
const emailAndIpKey = (emailKey: string, ip: string) =>
  createHash('sha256').update(`${emailKey}\n${ip}`).digest('hex');

export function createAuthRateLimits(db: Knex, options: AuthRateLimitOptions = {}): AuthRateLimits {
  const limiter = postgresRateLimits(db, RATE_LIMIT_TABLE);
  const byEmailAndIp = limiter('signin_email_ip', AUTH_LIMITS.signInByEmailAndIp);
  const byIp = limiter('signin_ip', AUTH_LIMITS.signInByIp);
  const registrations = limiter('register_ip', {
    ...AUTH_LIMITS.registerByIp,
    points: options.registrationsPerHour ?? AUTH_LIMITS.registerByIp.points,
  });
  const forgot = limiter('forgot_ip', AUTH_LIMITS.forgotPasswordByIp);
  const reset = limiter('reset_ip', AUTH_LIMITS.resetPasswordByIp);

  // Every count is per network (client-network.ts): a new IPv6 address per guess gains nothing.
  return {
    async signInAttempt(emailKey, address) {
      const ip = clientNetwork(address);
      // Both are counted even when one refuses: a refused attempt is still an attempt.
      const results = await Promise.allSettled([
        byEmailAndIp.consume(emailAndIpKey(emailKey, ip), AUTH_MESSAGES.tooManySignIns),
        byIp.consume(ip, AUTH_MESSAGES.tooManySignIns),
      ]);
      const refused = results.find((result) => result.status === 'rejected');
      if (refused) throw refused.reason;
    },
    async signInSucceeded(emailKey, address) {
      const ip = clientNetwork(address);
      await Promise.all([byEmailAndIp.delete(emailAndIpKey(emailKey, ip)), byIp.reward(ip, 1)]);
    },
    register: (ip) => registrations.consume(clientNetwork(ip), AUTH_MESSAGES.tooManyRegistrations),
    forgotPassword: (ip) => forgot.consume(clientNetwork(ip), AUTH_MESSAGES.tooManyResets),
    resetPassword: (ip) => reset.consume(clientNetwork(ip), AUTH_MESSAGES.tooManyResets),
  };
}
