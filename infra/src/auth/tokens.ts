// Signed session tokens (API.md): HS256 JWTs with jose, `sub` = user id, `adm` = admin flag,
// `jti` = the session's id (what sign-out revokes, auth/sessions.ts), 7-day expiry. The secret
// comes from config (JWT_SECRET, or one generated under DATA_DIR).
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { AuthState } from '@printshop/shared-events/auth';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
const ISSUER = 'printshop';

export interface TokenService {
  issue(user: { id: string; isAdmin: boolean }, now?: Date, sessionId?: string): Promise<string>;
  /** The caller, or undefined for a token that is malformed, forged, expired or has no session id. */
  verify(token: string): Promise<AuthState | undefined>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(user, now = new Date(), sessionId = randomUUID()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ adm: user.isAdmin })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setJti(sessionId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const { sub, iat, exp, jti } = payload;
        // A token without a session id could not be signed out: refused (sign in again).
        if (typeof sub !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return undefined;
        if (typeof jti !== 'string' || jti.length === 0 || jti.length > 100) return undefined;
        return { userId: sub, isAdmin: payload.adm === true, issuedAt: iat, expiresAt: exp, sessionId: jti };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
