// Whose purchase a browser reports: the order behind the order number, if the caller may see it
// (the user who placed it, or the guest session whose cart it was). Anything else (an unknown
// number, another shopper's order) is no verified purchase, whatever the body claims.
import type { EventStore } from '@printshop/shared-events/event-store';
import { orderStreamName, type OrderEvent } from '@printshop/shared-events/events/order';
import { foldOrderView, type OrderView } from '@printshop/shared-events/events/order-view';
import type { Caller } from '../caller';
import { ownsCheckout } from '../checkout/checkout';
import { orderIdOfNumber } from '../order/order-number';

export async function callersOrder(
  store: EventStore,
  orderNumber: string,
  caller: Caller,
): Promise<OrderView | undefined> {
  const orderId = await orderIdOfNumber(store, orderNumber);
  if (!orderId) return undefined;
  const order = foldOrderView(await store.readStream<OrderEvent>(orderStreamName(orderId)));
  // An order carries its checkout's owner (user id, or the guest cart id): the checkout's rule applies.
  return order && ownsCheckout(order, caller) ? order : undefined;
}
