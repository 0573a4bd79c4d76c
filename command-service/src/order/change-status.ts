// Status changes of a placed order (the admin issue's PUT /api/admin/orders/:id/status and bulk
// archive call these). A cancelled or refunded order gives back the loyalty points it redeemed.
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import { orderStreamName } from '@printshop/shared-events/events/order';
import type { OrderView } from '@printshop/shared-events/events/order-view';
import { handleCommand } from '../handle-command';
import { orderDecider, ORDER_MESSAGES, type StatusChange } from './decide';
import { runLoyaltyCommand } from './follow-ups';
import { NotFound } from '@printshop/shared-events/errors';

export interface OrderChangeResult {
  order: OrderView;
  /** Global position of the last event written; undefined when nothing changed. */
  position?: number;
}

export async function changeOrderStatus(
  store: EventStore,
  input: { orderId: string; change: StatusChange; by: string; at: string },
  metadata: EventMetadata,
): Promise<OrderChangeResult> {
  const result = await handleCommand(
    store,
    orderStreamName(input.orderId),
    orderDecider,
    { type: 'ChangeOrderStatus', data: input },
    { metadata, retries: 10 },
  );
  const order = result.newState;
  if (!order) throw new NotFound(ORDER_MESSAGES.notFound);
  let position = result.position;
  const givesPointsBack = result.events.some(
    (e) => e.type === 'OrderCancelled' || e.type === 'OrderRefunded',
  );
  if (givesPointsBack && order.userId) {
    const returned = await runLoyaltyCommand(
      store,
      order.userId,
      {
        type: 'ReturnPoints',
        data: { orderId: order.orderId, orderNumber: order.orderNumber, at: input.at },
      },
      metadata,
      `loyalty:return:${order.orderId}`,
    );
    position = returned.position ?? position;
  }
  return { order, position };
}

export async function archiveOrder(
  store: EventStore,
  input: { orderId: string; by: string; at: string },
  metadata: EventMetadata,
): Promise<OrderChangeResult> {
  const result = await handleCommand(
    store,
    orderStreamName(input.orderId),
    orderDecider,
    { type: 'ArchiveOrder', data: input },
    { metadata, retries: 10 },
  );
  if (!result.newState) throw new NotFound(ORDER_MESSAGES.notFound);
  return { order: result.newState, position: result.position };
}
