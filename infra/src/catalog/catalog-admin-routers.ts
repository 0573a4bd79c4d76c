// The owner's catalog and settings, wired: edits on the event store (the `catalog-shop` stream),
// lists, histories and price previews on the catalog and carts read models.
import type Router from '@koa/router';
import { catalogAdminRouter } from '@printshop/command-service/catalog/router';
import { adminCatalogQueryRouter } from '@printshop/query-service/catalog/admin-catalog-routes';
import type { AppContext } from '../app-context';

export function catalogAdminRouters(app: AppContext): Router[] {
  return [
    adminCatalogQueryRouter({ db: app.db, waitFor: app.waitFor }),
    catalogAdminRouter({ store: app.store, now: app.now }),
  ];
}
