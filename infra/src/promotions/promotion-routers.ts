// Promotion codes: the cart's code, and the admin's promotions (commands on the log,
// lists from the promotions read model).
import type Router from '@koa/router';
import { promotionCodeRouter } from '@printshop/command-service/cart/promotion-code-router';
import { promotionAdminRouter } from '@printshop/command-service/promotion/admin-router';
import { promotionsRouter } from '@printshop/query-service/admin/promotions-routes';
import type { AppContext } from '../app-context';
import { createCodeTryLimit } from './code-try-limit';

export function promotionRouters(app: AppContext): Router[] {
  return [
    promotionCodeRouter({
      store: app.store,
      now: app.now,
      countCodeTry: createCodeTryLimit(app.db, app.config.promotionCodeTriesPerHour),
    }),
    promotionsRouter({ db: app.db, waitFor: app.waitFor, now: app.now }),
    promotionAdminRouter({ store: app.store, now: app.now }),
  ];
}
