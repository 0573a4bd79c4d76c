// The admin's order commands (API.md "Admin"):
//   PUT    /api/admin/orders/:id/status {status, carrier?, trackingNumber?, note?}  -> {success, order}
//   DELETE /api/admin/orders/bulk {orderIds}                                        -> {success, deleted}
// Status changes go through changeOrderStatus (the order's decider says which moves are allowed:
// 422 otherwise, `paid` and `pending_payment` always, an unknown order being 404 first; shipping
// needs a carrier and a tracking number: 400); a refund gives the money back at the payment's
// provider before it is recorded (refund-order.ts: the provider's refusal is a 422, the provider
// unreachable a 503, and the order then stays as it was). Bulk delete archives: an
// OrderArchived event per order, never a row delete. Lists and details are on the query side
// (query-service/src/orders/admin-orders-routes.ts).
import Router from '@koa/router';
import type { Context } from 'koa';
import { bulkDeleteOrdersBodySchema, updateOrderStatusBodySchema } from '@printshop/shared-events/api/admin';
import { idSchema } from '@printshop/shared-events/api/common';
import { requireAdmin } from '@printshop/shared-events/auth';
import { NotFound } from '@printshop/shared-events/errors';
import type { EventStore } from '@printshop/shared-events/event-store';
import { orderDto } from '@printshop/shared-events/events/order-view';
import { carrierTrackingUrl } from '@printshop/shared-events/rules/carriers';
import { adminActor, answerWithPosition, metadataOf } from '../caller';
import { archiveOrder } from './change-status';
import { changeOrderStatusWithMoney, type OrderMoney } from './refund-order';
import type { StatusChange } from './decide';

export interface AdminOrdersRouterDeps {
  store: EventStore;
  now(): Date;
  /** Refunds at the payment's provider (refund-order.ts). */
  money: OrderMoney;
}

type StatusBody = ReturnType<typeof updateOrderStatusBodySchema.parse>;

/** The body as the decider's StatusChange; blank carrier or number are left to the decider (400). */
function statusChange(body: StatusBody): StatusChange {
  const note = body.note;
  switch (body.status) {
    case 'shipped': {
      const carrier = body.carrier ?? '';
      const trackingNumber = body.trackingNumber ?? '';
      const url = carrierTrackingUrl(carrier, trackingNumber);
      return { status: 'shipped', carrier, trackingNumber, ...(url !== undefined && { url }), note };
    }
    default:
      return { status: body.status, note };
  }
}

export function adminOrdersRouter(deps: AdminOrdersRouterDeps): Router {
  const router = new Router({ prefix: '/api/admin/orders' });

  const context = (ctx: Context) => {
    const auth = requireAdmin(ctx.state);
    const at = deps.now().toISOString();
    const by = adminActor(auth);
    const metadata = metadataOf(ctx, at, by);
    return { by, at, metadata };
  };

  router.put('/:id/status', async (ctx) => {
    const { by, at, metadata } = context(ctx);
    const orderId = idSchema.parse(ctx.params.id);
    const change = statusChange(updateOrderStatusBodySchema.parse(ctx.request.body ?? {}));
    const result = await changeOrderStatusWithMoney(
      deps.store,
      { orderId, change, by, at },
      metadata,
      deps.money,
    );
    answerWithPosition(ctx, 200, { order: orderDto(result.order) }, result.position);
  });

  router.delete('/bulk', async (ctx) => {
    const { by, at, metadata } = context(ctx);
    const { orderIds } = bulkDeleteOrdersBodySchema.parse(ctx.request.body ?? {});
    // `deleted` counts the orders now archived (by this call or an earlier one), so a retried
    // request answers the same; ids of no order are skipped.
    let deleted = 0;
    let position: number | undefined;
    for (const orderId of new Set(orderIds)) {
      try {
        const result = await archiveOrder(deps.store, { orderId, by, at }, metadata);
        deleted += 1;
        if (result.position !== undefined) position = Math.max(position ?? 0, result.position);
      } catch (error) {
        if (!(error instanceof NotFound)) throw error;
      }
    }
    answerWithPosition(ctx, 200, { deleted }, position);
  });

  return router;
}
