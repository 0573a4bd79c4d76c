// "N people viewing", wired: the heartbeat's router (query-service) on the product_viewers table,
// with a per-address limit on the shared rate-limit table of rate-limiter-flexible.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AuthContextState } from '@printshop/shared-events/auth';
import { catalogOf } from '@printshop/shared-events/catalog-source';
import { VIEWERS_CALLS_PER_MINUTE, VIEWERS_MESSAGES } from '@printshop/shared-events/api/viewers';
import { viewersRouter } from '@printshop/query-service/catalog/viewers-routes';
import type { AppContext } from '../app-context';
import { clientNetwork } from '../gateway/client-network';
import { GUEST_COOKIE } from '../gateway/guest-session';
import { postgresNetworkLimit } from '../postgres/rate-limiter';
import { productViewers, type Viewer } from './product-viewers';

export const VIEWERS_RATE_LIMIT_TABLE = 'viewers_rate_limits';

/**
 * A signed-in user, else the guest session the browser already has; a visitor without one is
 * known by address and browser for the minute, rather than handed a cookie just for looking.
 */
function viewerOf(ctx: Context): Viewer {
  const auth = (ctx.state as AuthContextState).auth;
  const guest = ctx.cookies.get(GUEST_COOKIE, { signed: true });
  const shopper = auth ? `u-${auth.userId}` : guest ? `g-${guest}` : `a-${ctx.ip} ${ctx.get('user-agent')}`;
  return { shopper, network: clientNetwork(ctx.ip), browser: guest ?? '' };
}

export function viewersRouters(app: AppContext): Router[] {
  const countCall = postgresNetworkLimit(
    app.db,
    VIEWERS_RATE_LIMIT_TABLE,
    { points: VIEWERS_CALLS_PER_MINUTE, duration: 60 },
    VIEWERS_MESSAGES.tooMany,
  );
  const viewers = productViewers(app.db);
  return [
    viewersRouter({
      catalog: catalogOf(app.store),
      now: app.now,
      countCall,
      seen: viewers.seen,
      viewerOf,
    }),
  ];
}
