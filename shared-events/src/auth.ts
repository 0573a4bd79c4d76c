// Who is calling, as the gateway's authenticate middleware puts it on ctx.state.auth.
import { Forbidden, Unauthorized } from './errors';

export interface AuthState {
  userId: string;
  isAdmin: boolean;
  /** Seconds since the epoch when the token was issued. */
  issuedAt: number;
  /** The token's own id (`jti`): signing out revokes this session only. */
  sessionId: string;
  /** Seconds since the epoch when the token expires. */
  expiresAt: number;
}

export interface AuthContextState {
  auth?: AuthState;
}

export function requireUser(state: AuthContextState): AuthState {
  if (!state.auth) throw new Unauthorized('Please sign in to continue.');
  return state.auth;
}

export function requireAdmin(state: AuthContextState): AuthState {
  const auth = requireUser(state);
  if (!auth.isAdmin) throw new Forbidden('Admin access required.');
  return auth;
}
