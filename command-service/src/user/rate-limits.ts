// The rate limits of the auth calls, as the router sees them; infra/src/auth/rate-limits.ts backs
// them with Postgres so every gateway shares the counters. Each throws TooManyRequests when over.
export interface AuthRateLimits {
  /**
   * Counts a sign-in attempt before its password is checked, so a burst of parallel guesses gets
   * no more checks than the limit. Counted per e-mail and address (a stranger elsewhere cannot
   * lock the owner out) and per address (one address cannot spray many e-mails).
   */
  signInAttempt(emailKey: string, ip: string): Promise<void>;
  /** A successful sign-in forgets this e-mail-and-address's attempts and gives the address its one back. */
  signInSucceeded(emailKey: string, ip: string): Promise<void>;
  /** Counts one registration from this IP (before the password is hashed). */
  register(ip: string): Promise<void>;
  /** Counts one request from this IP. */
  forgotPassword(ip: string): Promise<void>;
  resetPassword(ip: string): Promise<void>;
}
