// Status changes of a placed order (the admin's PUT /api/admin/orders/:id/status and bulk
// archive call these). A cancelled or refunded order gives back the loyalty points it redeemed and
// takes back those it earned: all of them on a cancellation or a full refund, in proportion to the
// money refunded on a partial one.
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import { orderStreamName } from '@printshop/shared-events/events/order';
import type { OrderView } from '@printshop/shared-events/events/order-view';
import { handleCommand } from '../handle-command';
import { orderDecider, ORDER_MESSAGES, type OrderCommand, type StatusChange } from './decide';
import { runLoyaltyCommand } from '../loyalty/balance';
import { NotFound } from '@printshop/shared-events/errors';

export interface OrderChangeResult {
  order: OrderView;
  /** Global position of the last event written; undefined when nothing changed. */
  position?: number;
}

/** An admin's command on a placed order; an unknown order is not found. */
async function runOrderCommand(
  store: EventStore,
  command: Extract<OrderCommand, { data: { orderId: string } }>,
  metadata: EventMetadata,
) {
  const result = await handleCommand(store, orderStreamName(command.data.orderId), orderDecider, command, {
    metadata,
    retries: 10,
  });
  if (!result.newState) throw new NotFound(ORDER_MESSAGES.notFound);
  return { events: result.events, order: result.newState, position: result.position };
}

export async function changeOrderStatus(
  store: EventStore,
  input: { orderId: string; change: StatusChange; by: string; at: string },
  metadata: EventMetadata,
): Promise<OrderChangeResult> {
  const result = await runOrderCommand(store, { type: 'ChangeOrderStatus', data: input }, metadata);
  const { order } = result;
  let position = result.position;
  // From the order's state, not only when this call wrote the change: asked again after a process
  // was killed between the two, the points are still reversed (idempotent, event ids derived).
  const reversed = input.change.status === order.status ? reversalOf(order) : undefined;
  if (reversed && order.userId) {
    const written = await runLoyaltyCommand(
      store,
      order.userId,
      {
        type: 'ReverseOrderPoints',
        data: { orderId: order.orderId, orderNumber: order.orderNumber, ...reversed, at: input.at },
      },
      metadata,
      `loyalty:reverse:${order.orderId}:${reversed.reason}:${reversed.refunded}`,
    );
    position = written.position ?? position;
  }
  return { order, position };
}

/** What a cancelled or refunded order reverses of its points: how much of its total, and why. */
function reversalOf(order: OrderView) {
  const { total } = order.amounts;
  if (order.status === 'cancelled') return { reason: 'order_cancelled' as const, refunded: total, total };
  if (order.status !== 'refunded') return undefined;
  const refunded = order.refundedAmount ?? total;
  const reason = refunded >= total ? ('order_refunded' as const) : ('order_partly_refunded' as const);
  return { reason, refunded, total };
}

export async function archiveOrder(
  store: EventStore,
  input: { orderId: string; by: string; at: string },
  metadata: EventMetadata,
): Promise<OrderChangeResult> {
  const { order, position } = await runOrderCommand(store, { type: 'ArchiveOrder', data: input }, metadata);
  return { order, position };
}
