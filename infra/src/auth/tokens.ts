// Signed session tokens (API.md): HS256 JWTs with jose, `sub` = user id, `adm` = admin flag,
// 7-day expiry. The secret comes from config (JWT_SECRET, or one generated under DATA_DIR).
import { SignJWT, jwtVerify, errors } from 'jose';
import type { AuthState } from '@printshop/shared-events/auth';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
const ISSUER = 'printshop';

export interface TokenService {
  issue(user: { id: string; isAdmin: boolean }, now?: Date): Promise<string>;
  /** The caller, or undefined for a token that is malformed, forged or expired. */
  verify(token: string): Promise<AuthState | undefined>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(user, now = new Date()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ adm: user.isAdmin })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number') return undefined;
        return { userId: payload.sub, isAdmin: payload.adm === true, issuedAt: payload.iat };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
