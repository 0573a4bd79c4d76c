// The rate limits of the auth calls, as the router sees them; infra/src/auth/rate-limits.ts backs
// them with Postgres so every gateway shares the counters. Each throws TooManyRequests when over.
export interface AuthRateLimits {
  /** Before checking a password: refused while this e-mail or this IP has failed too often. */
  checkSignIn(emailKey: string, ip: string): Promise<void>;
  signInFailed(emailKey: string, ip: string): Promise<void>;
  /** A successful sign-in forgets the e-mail's failures. */
  signInSucceeded(emailKey: string): Promise<void>;
  /** Counts one request from this IP. */
  forgotPassword(ip: string): Promise<void>;
  resetPassword(ip: string): Promise<void>;
}
