// Which cart a request works on: a signed-in user's own (`u-<userId>`), else the guest session's
// (`g-<cart_session>`). The gateway puts `auth` and `guestSession()` on ctx.state.
// Shared by the cart's command and query sides.
import type { AuthState } from './auth';
import { guestCartId, userCartId } from './events/cart';

export interface CartCallerState {
  auth?: AuthState;
  /** The guest session of this browser, created on first use (infra/src/gateway/guest-session.ts). */
  guestSession?: () => string;
}

export function guestSessionOf(state: CartCallerState): string {
  if (!state.guestSession) throw new Error('The guest-session middleware is not mounted');
  return state.guestSession();
}

export function cartIdOf(state: CartCallerState): string {
  return state.auth ? userCartId(state.auth.userId) : guestCartId(guestSessionOf(state));
}
