// The admin's order calls, wired: status changes and bulk archive on the event store, lists and
// details on the read models, and the print-files ZIP over the image store (the served copy of an
// image is made from its original when it does not exist yet, as GET /images/:id would).
import type Router from '@koa/router';
import { createImageDerivatives } from '@printshop/command-service/images/derivatives';
import { adminOrdersRouter } from '@printshop/command-service/order/admin-router';
import { adminOrdersQueryRouter } from '@printshop/query-service/orders/admin-orders-routes';
import type { AppContext } from '../app-context';

export function adminOrderRouters(app: AppContext): Router[] {
  const derivatives = createImageDerivatives(app.images);
  return [
    adminOrdersQueryRouter({
      db: app.db,
      waitFor: app.waitFor,
      images: app.images,
      ensurePrintFile: (imageId) => derivatives.ensureServed(imageId),
    }),
    adminOrdersRouter({ store: app.store, now: app.now }),
  ];
}
