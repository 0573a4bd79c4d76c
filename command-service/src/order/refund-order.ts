// A refund gives the money back through the provider that took it (Stripe, Razorpay, or their
// test-mode stand-ins without keys) before the order records it, so "Refunded" in the admin and the
// sales report means the customer has the money. Refunds of one order run one at a time (`lock`):
// the order's decider says what is left, the provider is asked for exactly that, and no second
// refund can decide on the same "left" meanwhile. The provider's idempotency key is the order, what
// was refunded before and the amount: a retry after a crash between the provider's answer and the
// record asks for the same refund and gets the one already made, never a second.
import { load } from '@printshop/shared-events/decider';
import { NotFound } from '@printshop/shared-events/errors';
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import { orderStreamName } from '@printshop/shared-events/events/order';
import type { OrderView } from '@printshop/shared-events/events/order-view';
import type { Lock } from '../lock';
import { changeOrderStatus, type OrderChangeResult } from './change-status';
import { decideOrder, orderDecider, ORDER_MESSAGES, type StatusChange } from './decide';

export interface RefundRequest {
  payment: Omit<OrderView['payment'], 'status'>;
  /** Minor units of `currency` (the order's). */
  amount: number;
  currency: string;
  idempotencyKey: string;
}

/** Gives money back at the payment's provider; throws its refusal (422) or unavailability (503). */
export type RefundPayment = (request: RefundRequest) => Promise<{ refundId: string }>;

export interface OrderMoney {
  refund: RefundPayment;
  lock: Lock;
}

/** changeOrderStatus, with a refund's money given back at the provider first. */
export async function changeOrderStatusWithMoney(
  store: EventStore,
  input: { orderId: string; change: StatusChange; by: string; at: string },
  metadata: EventMetadata,
  money: OrderMoney,
): Promise<OrderChangeResult> {
  const { change } = input;
  if (change.status !== 'refunded') return changeOrderStatus(store, input, metadata);
  return money.lock(`order-refund:${input.orderId}`, async () => {
    const order = await load(store, orderStreamName(input.orderId), orderDecider);
    if (!order) throw new NotFound(ORDER_MESSAGES.notFound);
    // The decider's refusals (a move not allowed, nothing left) come before any money moves.
    const refund = decideOrder({ type: 'ChangeOrderStatus', data: input }, order).find(
      (event) => event.type === 'OrderRefunded',
    );
    if (!refund) return changeOrderStatus(store, input, metadata);
    const { amount, currency } = refund.data;
    const { refundId } = await money.refund({
      payment: order.payment,
      amount,
      currency,
      idempotencyKey: `refund-${input.orderId}-${order.refundedAmount ?? 0}-${amount}`,
    });
    return changeOrderStatus(store, { ...input, change: { ...change, amount, refundId } }, metadata);
  });
}
