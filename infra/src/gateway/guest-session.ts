// Guests are known by a signed, httpOnly, SameSite=Lax cookie `cart_session` (API.md). The id is
// random and unguessable; the signature (Koa keys) stops a client from choosing someone else's.
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

export const GUEST_COOKIE = 'cart_session';
const MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** Signed cookies already verified, kept so a returning guest costs no HMAC (the hot cart read). */
const VERIFIED_KEPT = 20_000;

export interface GuestSessionState {
  /** The guest session of this browser; created on first use. */
  guestSession(): string;
}

export function guestSession(): Middleware<GuestSessionState> {
  const verified = new Set<string>();
  return (ctx, next) => {
    let id = ctx.cookies.get(GUEST_COOKIE, { signed: false });
    if (id && !/^[0-9a-f-]{36}$/.test(id)) id = undefined;
    const signature = id && ctx.cookies.get(`${GUEST_COOKIE}.sig`, { signed: false });
    const pair = `${id}.${signature}`;
    if (id && !verified.has(pair)) {
      // Koa's check (every key, constant-time compare); only a pair it accepted is remembered.
      id = ctx.cookies.get(GUEST_COOKIE, { signed: true });
      if (id) {
        if (verified.size >= VERIFIED_KEPT) verified.delete(verified.values().next().value!);
        verified.add(pair);
      }
    }
    ctx.state.guestSession = () => {
      if (!id) {
        id = randomUUID();
        ctx.cookies.set(GUEST_COOKIE, id, {
          signed: true,
          httpOnly: true,
          sameSite: 'lax',
          secure: ctx.secure,
          maxAge: MAX_AGE_MS,
          overwrite: true,
        });
      }
      return id;
    };
    return next();
  };
}
