// Puts the caller on ctx.state.auth from `Authorization: Bearer <token>`. A bad token is a 401,
// not an anonymous request, so a client with a stale session learns it at once. Calls that answer
// everyone alike (the catalog, the operator probes) never look at it: checking a session reads the
// database, and they must still answer while it is away (API.md "Postgres stopped").
import type { Middleware } from 'koa';
import type { AuthContextState, AuthState } from '@printshop/shared-events/auth';
import { Unauthorized } from '@printshop/shared-events/errors';
import type { TokenService } from '../auth/tokens';

/** GET or HEAD of a call whose answer is the same for everyone. */
const ANONYMOUS_CALLS =
  /^\/(?:healthz|readyz|metrics|api\/(?:products(?:\/[^/]+)?|search|settings|openapi\.json|docs))\/?$/;
export const isAnonymousCall = (method: string, path: string): boolean =>
  (method === 'GET' || method === 'HEAD') && ANONYMOUS_CALLS.test(path);

export interface AuthenticateOptions {
  tokens: TokenService;
  /**
   * The account and this session as they are now, asked on every request (never cached, so an
   * ended session is refused at once): a signed-out token, a token issued before the last password
   * change, or one of a deleted account no longer works, and the admin flag is the current one.
   */
  currentAccount(session: {
    userId: string;
    sessionId: string;
  }): Promise<{ isAdmin: boolean; tokensValidFrom?: Date; sessionRevoked: boolean } | undefined>;
}

export function authenticate(options: AuthenticateOptions): Middleware<AuthContextState> {
  const signIn = async (header: string): Promise<AuthState> => {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const claims = match ? await options.tokens.verify(match[1]!) : undefined;
    if (!claims) throw new Unauthorized('Your session has expired. Please sign in again.');
    const account = await options.currentAccount(claims);
    const validFrom = account?.tokensValidFrom ? Math.floor(account.tokensValidFrom.getTime() / 1000) : 0;
    if (!account || account.sessionRevoked || claims.issuedAt < validFrom) {
      throw new Unauthorized('Your session has expired. Please sign in again.');
    }
    return { ...claims, isAdmin: account.isAdmin };
  };
  // Anonymous requests (most reads) pass straight through.
  return (ctx, next) => {
    const header = ctx.get('authorization');
    if (!header || isAnonymousCall(ctx.method, ctx.path)) return next();
    return signIn(header).then((auth) => {
      ctx.state.auth = auth;
      return next();
    });
  };
}
