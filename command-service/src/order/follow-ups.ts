// What follows an order's payment, each step idempotent so it can run again after a crash or for
// every duplicate confirmation: points earned (once), the ordered lines taken out of the cart (once
// per order; lines added while the payment was open stay; the placement itself took them out first,
// so here it only finds the position to wait for), the checkout marked completed (once).
// The points an order redeems are taken before it is placed (place-order.ts). Event ids are derived from
// the order, so a racer repeating a step that another just wrote gets the same events back.
// Answers the position a reader of the steps' effects must wait for: their streams' last events,
// whoever wrote them (a racer's webhook may have earned the points this confirmation then finds).
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import { checkoutStreamName } from '@printshop/shared-events/events/checkout';
import type { OrderView } from '@printshop/shared-events/events/order-view';
import { runCartCommand } from '../cart/router';
import { checkoutDecider } from '../checkout/checkout';
import { handleCommand } from '../handle-command';
import { runLoyaltyCommand } from '../loyalty/balance';
import { uuidFromName } from './derived-ids';

const RETRIES = 25;

export async function completePaidOrder(
  store: EventStore,
  order: OrderView,
  metadata: EventMetadata,
  at: string,
): Promise<number | undefined> {
  const { orderId, orderNumber, userId, amounts } = order;
  const loyalty = async (): Promise<number | undefined> => {
    if (!userId) return undefined;
    const earned = await runLoyaltyCommand(
      store,
      userId,
      {
        type: 'EarnPoints',
        data: { orderId, orderNumber, paidSubtotalUsdCents: amounts.usdPaidSubtotal, at },
      },
      metadata,
      `loyalty:earn:${orderId}`,
    );
    return earned.lastPosition;
  };
  const results = await Promise.all([
    loyalty(),
    takeOutOfCart(store, order, metadata),
    handleCommand(
      store,
      checkoutStreamName(order.checkoutId),
      checkoutDecider,
      { type: 'CompleteCheckout', data: { checkoutId: order.checkoutId, orderId, orderNumber, at } },
      { metadata, retries: RETRIES, eventIds: () => uuidFromName(`checkout:completed:${orderId}`) },
    ).then((result) => result.lastPosition),
  ]);
  const written = results.filter((position): position is number => position !== undefined);
  return written.length > 0 ? Math.max(...written) : undefined;
}

/**
 * Takes the order's lines (their ordered quantities) out of its cart, once per order; answers the
 * position of the cart's last event.
 */
export async function takeOutOfCart(
  store: EventStore,
  order: Pick<OrderView, 'orderId' | 'cartId' | 'lines'>,
  metadata: EventMetadata,
): Promise<number | undefined> {
  const lines = order.lines.map(({ lineId, quantity }) => ({ lineId, quantity }));
  const result = await runCartCommand(
    store,
    order.cartId,
    { type: 'EmptyCart', data: { orderId: order.orderId, lines } },
    metadata,
  );
  return result.lastPosition;
}
