// Two tabs of one shopper can each start a checkout of the same cart. Once one of them is paid, its
// order takes those lines out of the cart (CartEmptied); the other checkout still holds its frozen
// copy, and paying it would order the same items twice. Its payment start finds that order here.
import type { EventStore } from '@printshop/shared-events/event-store';
import { cartStreamName, type CartEvent } from '@printshop/shared-events/events/cart';
import { checkoutStreamName, type CheckoutStartedData } from '@printshop/shared-events/events/checkout';
import { orderStreamName, type OrderEvent } from '@printshop/shared-events/events/order';

/**
 * The number of an order that, after this checkout started, took any of its lines out of its cart;
 * undefined when none did.
 */
export async function orderedElsewhere(
  store: EventStore,
  checkout: CheckoutStartedData,
): Promise<string | undefined> {
  const [started] = await store.readStream(checkoutStreamName(checkout.checkoutId), { maxCount: 1 });
  if (!started) return undefined;
  const lineIds = new Set(checkout.lines.map((line) => line.lineId));
  const cartEvents = await store.readStream<CartEvent>(cartStreamName(checkout.cartId));
  for (const event of cartEvents) {
    if (event.position <= started.position || event.type !== 'CartEmptied') continue;
    // Events written before `lines` was recorded emptied the whole cart.
    const taken = event.data.lines ?? checkout.lines;
    if (!taken.some((line) => lineIds.has(line.lineId))) continue;
    const [placed] = await store.readStream<OrderEvent>(orderStreamName(event.data.orderId), { maxCount: 1 });
    // This checkout's own order empties the cart before the checkout is marked completed.
    if (placed?.type === 'OrderPlaced' && placed.data.checkoutId !== checkout.checkoutId)
      return placed.data.orderNumber;
  }
  return undefined;
}
