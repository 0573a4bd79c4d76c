// The admin's order calls, wired: status changes and bulk archive on the event store (a refund's
// money given back at the payment's provider first, one refund of an order at a time), lists and
// details on the read models, and the print-files ZIP: each line's print rendered from its original
// (print-render.ts), slot photos as served (made from the original when missing, as GET /images/:id
// would), and the contact sheet.
import type Router from '@koa/router';
import { contactSheet, contactThumb } from '@printshop/command-service/images/contact-sheet';
import { createImageDerivatives, servedCopy } from '@printshop/command-service/images/derivatives';
import { renderPrint } from '@printshop/command-service/images/print-render';
import { adminOrdersRouter } from '@printshop/command-service/order/admin-router';
import { adminOrdersQueryRouter } from '@printshop/query-service/orders/admin-orders-routes';
import type { AppContext } from '../app-context';
import { moneyOf } from '../payments/money';

export function adminOrderRouters(app: AppContext): Router[] {
  const derivatives = createImageDerivatives(app.images);
  return [
    adminOrdersQueryRouter({
      db: app.db,
      waitFor: app.waitFor,
      renderPrint: (line) => renderPrint(app.images, line),
      slotPhoto: (imageId) => servedCopy(app.images, derivatives, imageId),
      contactThumb,
      contactSheet,
    }),
    adminOrdersRouter({
      store: app.store,
      now: app.now,
      money: moneyOf(app),
    }),
  ];
}
