// What follows an order's payment, each step idempotent so it can run again after a crash or for
// every duplicate confirmation: points redeemed (once, never below zero), points earned (once), the
// cart emptied (once per order), the checkout marked completed (once). Event ids are derived from
// the order, so a racer repeating a step that another just wrote gets the same events back.
// Answers the position of the last event written (undefined when there was nothing left to do).
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import { checkoutStreamName } from '@printshop/shared-events/events/checkout';
import { loyaltyStreamName } from '@printshop/shared-events/events/loyalty';
import type { OrderView } from '@printshop/shared-events/events/order-view';
import { runCartCommand } from '../cart/cart-commands';
import { checkoutDecider } from '../checkout/checkout';
import { handleCommand } from '../handle-command';
import { loyaltyDecider, type LoyaltyCommand } from '../loyalty/decide';
import { uuidFromName } from './derived-ids';

const RETRIES = 25;

export async function runLoyaltyCommand(
  store: EventStore,
  userId: string,
  command: LoyaltyCommand,
  metadata: EventMetadata,
  eventIdName: string,
) {
  return handleCommand(store, loyaltyStreamName(userId), loyaltyDecider, command, {
    metadata,
    retries: RETRIES,
    eventIds: (index) => uuidFromName(`${eventIdName}:${index}`),
  });
}

export async function completePaidOrder(
  store: EventStore,
  order: OrderView,
  metadata: EventMetadata,
  at: string,
): Promise<number | undefined> {
  const { orderId, orderNumber, userId, amounts } = order;
  const loyalty = async (): Promise<number | undefined> => {
    if (!userId) return undefined;
    let position: number | undefined;
    // Redeem before earning: the points this order earns never pay for the order itself.
    if (amounts.loyaltyPoints > 0) {
      const redeemed = await runLoyaltyCommand(
        store,
        userId,
        { type: 'RedeemPoints', data: { orderId, orderNumber, points: amounts.loyaltyPoints, at } },
        metadata,
        `loyalty:redeem:${orderId}`,
      );
      position = redeemed.position;
    }
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
    return earned.position ?? position;
  };
  const results = await Promise.all([
    loyalty(),
    runCartCommand(store, order.cartId, { type: 'EmptyCart', data: { orderId } }, metadata).then(
      (result) => result.position,
    ),
    handleCommand(
      store,
      checkoutStreamName(order.checkoutId),
      checkoutDecider,
      { type: 'CompleteCheckout', data: { checkoutId: order.checkoutId, orderId, orderNumber, at } },
      { metadata, retries: RETRIES, eventIds: () => uuidFromName(`checkout:completed:${orderId}`) },
    ).then((result) => result.position),
  ]);
  const written = results.filter((position): position is number => position !== undefined);
  return written.length > 0 ? Math.max(...written) : undefined;
}
