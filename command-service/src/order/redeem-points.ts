// The points of an order, taken before it is placed: its checkout's reservation (or, that hold gone,
// what is still available, never more), once per order. The amounts the order is placed with say
// how many points were taken; points the price was discounted with that could not be taken are
// recorded as `unbackedPoints` (the money was already charged; a person settles it).
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import type { CheckoutStartedData, OrderAmounts } from '@printshop/shared-events/events/checkout';
import { runLoyaltyCommand } from '../loyalty/balance';

export async function redeemCheckoutPoints(
  store: EventStore,
  checkout: CheckoutStartedData,
  order: { orderId: string; orderNumber: string; at: string },
  metadata: EventMetadata,
): Promise<OrderAmounts> {
  const { amounts, userId, checkoutId } = checkout;
  if (!userId || amounts.loyaltyPoints <= 0) return amounts;
  const { orderId, orderNumber, at } = order;
  const result = await runLoyaltyCommand(
    store,
    userId,
    { type: 'RedeemPoints', data: { orderId, orderNumber, checkoutId, points: amounts.loyaltyPoints, at } },
    metadata,
    `loyalty:redeem:${orderId}`,
  );
  const taken = result.newState.redeemed.get(orderId) ?? 0;
  return taken >= amounts.loyaltyPoints
    ? amounts
    : { ...amounts, loyaltyPoints: taken, unbackedPoints: amounts.loyaltyPoints - taken };
}
