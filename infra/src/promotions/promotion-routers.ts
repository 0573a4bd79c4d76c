// Promotion codes: the cart's code, and the admin's promotions (commands on the log,
// lists from the promotions read model).
import type Router from '@koa/router';
import { promotionCodeRouter } from '@printshop/command-service/cart/promotion-code-router';
import { promotionAdminRouter } from '@printshop/command-service/promotion/admin-router';
import { promotionsRouter } from '@printshop/query-service/admin/promotions-routes';
import type { AppContext } from '../app-context';
import { PROMOTION_CODE_TOO_MANY } from '@printshop/shared-events/api/promotions';
import { postgresNetworkLimit } from '../postgres/rate-limiter';

export function promotionRouters(app: AppContext): Router[] {
  return [
    promotionCodeRouter({
      store: app.store,
      now: app.now,
      // Counted in Postgres, so tries spread over every gateway still meet one count.
      countCodeTry: postgresNetworkLimit(
        app.db,
        'promotion_code_rate_limits',
        { points: app.config.promotionCodeTriesPerHour, duration: 60 * 60 },
        PROMOTION_CODE_TOO_MANY,
      ),
    }),
    promotionsRouter({ db: app.db, waitFor: app.waitFor, now: app.now }),
    promotionAdminRouter({ store: app.store, now: app.now }),
  ];
}
