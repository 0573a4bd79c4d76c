// A checkout's use of its promotion code along the payment: reserved when the payment starts (a
// RuleBroken, 422, with the code's message when it can no longer be had), released when the payment
// fails, spent by the order before it is placed (once per order: every racer writes the same event).
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import type { CheckoutStartedData } from '@printshop/shared-events/events/checkout';
import type { PROMOTION_RELEASE_REASONS } from '@printshop/shared-events/events/promotion';
import { POINTS_HOLD_MINUTES } from '@printshop/shared-events/rules/loyalty';
import { customerKey } from '@printshop/shared-events/rules/promotions';
import { runPromotionCommand } from './run';

/** A use is held as long as points are: the same payment window. */
export const PROMOTION_HOLD_MINUTES = POINTS_HOLD_MINUTES;

const customerOf = (checkout: CheckoutStartedData) =>
  customerKey({ userId: checkout.userId, email: checkout.email }) ?? `checkout:${checkout.checkoutId}`;

/** Answers the position when a hold was written. */
export async function reservePromotionUse(
  store: EventStore,
  checkout: CheckoutStartedData,
  now: Date,
  metadata: EventMetadata,
): Promise<number | undefined> {
  const code = checkout.amounts.promotionCode;
  if (!code) return undefined;
  const result = await runPromotionCommand(
    store,
    code,
    {
      type: 'ReservePromotionUse',
      data: {
        checkoutId: checkout.checkoutId,
        customer: customerOf(checkout),
        expiresAt: new Date(now.getTime() + PROMOTION_HOLD_MINUTES * 60_000).toISOString(),
        at: now.toISOString(),
      },
    },
    metadata,
  );
  return result.position;
}

export async function releasePromotionUse(
  store: EventStore,
  checkout: CheckoutStartedData | undefined,
  reason: Exclude<(typeof PROMOTION_RELEASE_REASONS)[number], 'expired'>,
  at: string,
  metadata: EventMetadata,
): Promise<number | undefined> {
  const code = checkout?.amounts.promotionCode;
  if (!checkout || !code) return undefined;
  const result = await runPromotionCommand(
    store,
    code,
    { type: 'ReleasePromotionUse', data: { checkoutId: checkout.checkoutId, reason, at } },
    metadata,
  );
  return result.position;
}

export async function spendPromotionUse(
  store: EventStore,
  checkout: CheckoutStartedData,
  order: { orderId: string; orderNumber: string; at: string },
  metadata: EventMetadata,
): Promise<void> {
  const { promotionCode: code, promotionDiscount = 0, currency } = checkout.amounts;
  if (!code) return;
  await runPromotionCommand(
    store,
    code,
    {
      type: 'SpendPromotionUse',
      data: {
        checkoutId: checkout.checkoutId,
        ...order,
        customer: customerOf(checkout),
        discount: promotionDiscount,
        currency,
      },
    },
    metadata,
    { eventIdName: `promotion:spend:${order.orderId}` },
  );
}
