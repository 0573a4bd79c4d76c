// An order's rules, pure. Placing is once (a placed order decides nothing more on a second
// placement); after payment the status moves paid -> in_production -> shipped -> delivered, an
// order not yet shipped can be cancelled, a paid one refunded (up to what was paid); only its
// payment makes it paid, never an admin; archiving hides it. Times and who did it arrive in the
// command.
import type { Decider } from '@printshop/shared-events/decider';
import { NotFound, RuleBroken, ValidationError } from '@printshop/shared-events/errors';
import type { OrderEvent, OrderPlacedData } from '@printshop/shared-events/events/order';
import {
  evolveOrderView,
  type OrderStatus,
  type OrderView,
} from '@printshop/shared-events/events/order-view';
import { canMoveTo } from '@printshop/shared-events/rules/order-status';

export type OrderState = OrderView | undefined;

export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  transition: (from: OrderStatus, to: OrderStatus) =>
    `An order that is ${from.replace('_', ' ')} cannot become ${to.replace('_', ' ')}.`,
  trackingRequired: 'Carrier and tracking number are required to ship an order.',
  refundTooLarge: 'The refund is larger than what is left of the payment.',
  paymentStatus: 'An order becomes paid (or awaits payment) through its payment only, not by hand.',
} as const;

export type StatusChange =
  | { status: 'in_production' | 'cancelled' | 'delivered'; note?: string }
  /** Asked by hand, always refused: only the order's payment sets these. */
  | { status: 'paid' | 'pending_payment'; note?: string }
  | { status: 'shipped'; carrier: string; trackingNumber: string; url?: string; note?: string }
  /**
   * amount: minor units of the order's currency, all that is left when absent; refundId: the
   * provider's refund, made before it is recorded (refund-order.ts).
   */
  | { status: 'refunded'; amount?: number; refundId?: string; note?: string };

export type OrderCommand =
  | { type: 'PlaceOrder'; data: { placed: OrderPlacedData; paidAt: string } }
  | { type: 'ChangeOrderStatus'; data: { orderId: string; change: StatusChange; by: string; at: string } }
  | { type: 'ArchiveOrder'; data: { orderId: string; by: string; at: string } };

function changeStatus(order: OrderView, data: Extract<OrderCommand, { type: 'ChangeOrderStatus' }>['data']) {
  const { orderId, change, by, at } = data;
  const note = change.note?.trim() || undefined;
  // Before the no-change case: a paid order set to paid by hand is refused too, not a quiet no-op.
  if (change.status === 'paid' || change.status === 'pending_payment') {
    throw new RuleBroken(ORDER_MESSAGES.paymentStatus);
  }
  if (change.status === order.status) return [];
  if (!canMoveTo(order.status, change.status)) {
    throw new RuleBroken(ORDER_MESSAGES.transition(order.status, change.status));
  }
  switch (change.status) {
    case 'in_production':
      return [
        { type: 'OrderStatusChanged', data: { orderId, status: change.status, note, by, at } },
      ] as const;
    case 'delivered':
      return [{ type: 'OrderDelivered', data: { orderId, note, by, at } }] as const;
    case 'cancelled':
      return [{ type: 'OrderCancelled', data: { orderId, note, by, at } }] as const;
    case 'shipped': {
      const carrier = change.carrier.trim();
      const trackingNumber = change.trackingNumber.trim();
      if (!carrier || !trackingNumber) {
        throw new ValidationError(ORDER_MESSAGES.trackingRequired, {
          ...(!carrier && { carrier: ORDER_MESSAGES.trackingRequired }),
          ...(!trackingNumber && { trackingNumber: ORDER_MESSAGES.trackingRequired }),
        });
      }
      return [
        {
          type: 'OrderShipped',
          data: { orderId, carrier, trackingNumber, url: change.url ?? '', note, by, at },
        },
      ] as const;
    }
    case 'refunded': {
      const left = order.amounts.total - (order.refundedAmount ?? 0);
      const amount = change.amount ?? left;
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) {
        throw new RuleBroken(ORDER_MESSAGES.refundTooLarge);
      }
      return [
        {
          type: 'OrderRefunded',
          data: {
            orderId,
            amount,
            currency: order.amounts.currency,
            ...(change.refundId !== undefined && { refundId: change.refundId }),
            note,
            by,
            at,
          },
        },
      ] as const;
    }
  }
}

export function decideOrder(command: OrderCommand, order: OrderState): OrderEvent[] {
  if (command.type === 'PlaceOrder') {
    if (order) return [];
    const { placed, paidAt } = command.data;
    const { orderId, amounts } = placed;
    return [
      { type: 'OrderPlaced', data: placed },
      { type: 'OrderPaid', data: { orderId, amount: amounts.total, currency: amounts.currency, at: paidAt } },
    ];
  }
  if (!order) throw new NotFound(ORDER_MESSAGES.notFound);
  if (command.type === 'ArchiveOrder') {
    const { orderId, by, at } = command.data;
    return order.archived ? [] : [{ type: 'OrderArchived', data: { orderId, by, at } }];
  }
  return [...changeStatus(order, command.data)];
}

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: () => undefined,
  evolve: evolveOrderView,
  decide: decideOrder,
};
