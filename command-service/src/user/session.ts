// When session tokens are valid. Tokens carry whole seconds (`iat`), and the gateway refuses a token
// issued before the account's tokens-valid-from second. That second is the one after the last
// password change, so every token of the second of the change is refused (even one issued a few
// milliseconds before it); tokens issued after the change are stamped with that second at the
// earliest (up to one second ahead of the clock), so they work at once.
export function tokensValidFrom(passwordChangedAt: string | Date | undefined): Date | undefined {
  if (passwordChangedAt === undefined) return undefined;
  const ms = new Date(passwordChangedAt).getTime();
  return new Date((Math.floor(ms / 1000) + 1) * 1000);
}

/** The issue time to put in a new token of this account. */
export function tokenIssueTime(now: Date, passwordChangedAt: string | Date | undefined): Date {
  const validFrom = tokensValidFrom(passwordChangedAt);
  return validFrom && validFrom > now ? validFrom : now;
}
