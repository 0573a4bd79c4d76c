// Two tabs of one shopper can each start a checkout of the same cart. Once one of them is paid, its
// order takes those lines out of the cart (CartEmptied); the other checkout still holds its frozen
// copy, and paying it would order the same items twice. Its payment start finds that order here.
// So does a second payment of one checkout (UPI makes a new provider order per attempt, and a card
// may be paid beside an open UPI order): the first payment's order took the lines already.
import type { EventStore } from '@printshop/shared-events/event-store';
import { cartStreamName, type CartEvent } from '@printshop/shared-events/events/cart';
import { checkoutStreamName, type CheckoutStartedData } from '@printshop/shared-events/events/checkout';
import { orderStreamName, type OrderEvent } from '@printshop/shared-events/events/order';

export interface OrderedElsewhere {
  orderNumber: string;
  /** The order is this checkout's own, paid by another payment. */
  sameCheckout: boolean;
}

/**
 * The order, other than `placing` (the order being placed now), that took any of this checkout's
 * lines out of its cart after the checkout started; undefined when none did.
 */
export async function orderedElsewhere(
  store: EventStore,
  checkout: CheckoutStartedData,
  placing?: string,
): Promise<OrderedElsewhere | undefined> {
  const [started] = await store.readStream(checkoutStreamName(checkout.checkoutId), { maxCount: 1 });
  if (!started) return undefined;
  const lineIds = new Set(checkout.lines.map((line) => line.lineId));
  const cartEvents = await store.readStream<CartEvent>(cartStreamName(checkout.cartId));
  for (const event of cartEvents) {
    if (event.position <= started.position || event.type !== 'CartEmptied') continue;
    // Events written before `lines` was recorded emptied the whole cart.
    const taken = event.data.lines ?? checkout.lines;
    if (!taken.some((line) => lineIds.has(line.lineId))) continue;
    // The order being placed empties the cart before it exists: its own lines are no sign of another.
    if (event.data.orderId === placing) continue;
    const [placed] = await store.readStream<OrderEvent>(orderStreamName(event.data.orderId), { maxCount: 1 });
    if (placed?.type === 'OrderPlaced') {
      return {
        orderNumber: placed.data.orderNumber,
        sameCheckout: placed.data.checkoutId === checkout.checkoutId,
      };
    }
  }
  return undefined;
}
