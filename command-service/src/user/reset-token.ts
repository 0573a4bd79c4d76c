// Password-reset links: `${userId}.${requestId}.${mac}`, mac = HMAC-SHA256 over userId and
// requestId, base64url. The log holds only the random requestId, so nobody who reads it can use a
// link; the server (and the mail consumer, from the PasswordResetRequested event) derives it again.
// `secret` is the server secret (config.jwtSecret); a key for this one purpose is derived from it, so
// a reset mac can never pass for anything else signed with that secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

const resetKey = (secret: string): Buffer =>
  createHmac('sha256', secret).update('printshop:password-reset:v1').digest();

const mac = (secret: string, userId: string, requestId: string): string =>
  createHmac('sha256', resetKey(secret)).update(`${userId}.${requestId}`).digest('base64url');

export function resetToken(secret: string, userId: string, requestId: string): string {
  return `${userId}.${requestId}.${mac(secret, userId, requestId)}`;
}

export interface ParsedResetToken {
  userId: string;
  requestId: string;
  mac: string;
}

const PART = /^[A-Za-z0-9_-]{1,200}$/;

/** The parts of a token, or undefined when it cannot be one (checks its form, not its mac). */
export function parseResetToken(token: string): ParsedResetToken | undefined {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || !parts.every((part) => PART.test(part))) return undefined;
  const [userId, requestId, tokenMac] = parts as [string, string, string];
  return { userId, requestId, mac: tokenMac };
}

/** The user and request a token was made for, when this server made it. */
export function verifyResetToken(
  secret: string,
  token: string,
): { userId: string; requestId: string } | undefined {
  const parsed = parseResetToken(token);
  if (!parsed) return undefined;
  const expected = Buffer.from(mac(secret, parsed.userId, parsed.requestId));
  const given = Buffer.from(parsed.mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId: parsed.userId, requestId: parsed.requestId };
}
