// The admin's read side of sales: the sales report, abandoned checkouts with their
// recovery e-mail, and the dashboard (which also shows how far each projection is behind).
import type Router from '@koa/router';
import { checkoutAdminRouter } from '@printshop/command-service/checkout/admin-router';
import { readProjectionStatus } from '@printshop/projections/runner/status';
import { abandonedCheckoutsRouter } from '@printshop/query-service/admin/abandoned-checkouts-routes';
import { dashboardRouter } from '@printshop/query-service/admin/dashboard-routes';
import { salesReportRouter } from '@printshop/query-service/admin/sales-report-routes';
import type { AppContext } from '../app-context';

export function adminReportRouters(app: AppContext): Router[] {
  return [
    salesReportRouter({ db: app.db, waitFor: app.waitFor }),
    abandonedCheckoutsRouter({ db: app.db, waitFor: app.waitFor, now: app.now }),
    checkoutAdminRouter({ store: app.store, now: app.now }),
    dashboardRouter({
      db: app.db,
      waitFor: app.waitFor,
      now: app.now,
      projectionStatus: async () => readProjectionStatus(app.db, await app.store.headPosition()),
    }),
  ];
}
