// A promotion code, stream `promotion-<CODE>` (the code upper-case). Its terms come from
// PromotionCreated and PromotionChanged; PromotionEnded stops it for good. Uses are spent once, the
// way loyalty points are: a payment start reserves a use for its checkout (PromotionUseReserved,
// appended with the stream's revision, so checkouts racing for the last use conflict and decide
// again), the order spends that use (PromotionUseSpent), and a failed payment or an expired hold
// gives it back (PromotionUseReleased). Limits count reserved (live) and spent uses together.
import { z } from 'zod';
import { FAMILIES } from '../api/catalog-enums';
import { CURRENCY_CODES } from '../rules/currencies';
import { defineEvent, type EventOf } from '../event-registry';

export const PROMOTION_STREAM_CATEGORY = 'promotion';
export const promotionStreamName = (code: string): string => `${PROMOTION_STREAM_CATEGORY}-${code}`;

const at = z.iso.datetime({ offset: true });
const by = z.string().min(1).max(200);
const limit = z.number().int().positive();
const checkoutId = z.string().min(1).max(200);
/** `user:<userId>`, or `email:<address lower-case>` for a guest (rules/promotions.ts customerKey). */
const customer = z.string().min(1).max(400);

/** What a code takes off and when it may be used (money in minor units; see rules/promotions.ts). */
export const promotionTermsSchema = z.object({
  /** Percentage in basis points (1000 = 10%); or else `amountsOff`. */
  percentBps: z.number().int().min(1).max(10_000).optional(),
  /** Fixed amount per currency, minor units; a currency not listed cannot use the code. */
  amountsOff: z.partialRecord(z.enum(CURRENCY_CODES), z.number().int().positive()).optional(),
  /** Minimum cart subtotal (before discounts) in USD cents, compared in the cart's currency. */
  minSubtotalUsdCents: z.number().int().nonnegative().optional(),
  startsAt: at,
  endsAt: at.optional(),
  maxUses: limit.optional(),
  maxUsesPerCustomer: limit.optional(),
  /** Product families whose lines the code discounts; absent: every line. */
  families: z.array(z.enum(FAMILIES)).min(1).optional(),
});
export type PromotionTerms = z.infer<typeof promotionTermsSchema>;

export const PromotionCreated = defineEvent(
  'PromotionCreated',
  promotionTermsSchema.extend({ code: z.string(), at, by }),
);

/** New limits, minimum or dates (`null` removes one); fields absent stay as they were. */
export const PromotionChanged = defineEvent(
  'PromotionChanged',
  z.object({
    maxUses: limit.nullable().optional(),
    maxUsesPerCustomer: limit.nullable().optional(),
    minSubtotalUsdCents: z.number().int().positive().nullable().optional(),
    startsAt: at.optional(),
    endsAt: at.nullable().optional(),
    at,
    by,
  }),
);

/** The terms after a PromotionChanged: the command side's fold and the read model use the same rule. */
export function changedTerms<T extends Partial<PromotionTerms>>(
  terms: T,
  change: EventOf<typeof PromotionChanged>['data'],
): T {
  const next: Record<string, unknown> = { ...terms };
  for (const key of ['maxUses', 'maxUsesPerCustomer', 'minSubtotalUsdCents', 'startsAt', 'endsAt'] as const) {
    const value = change[key];
    if (value === null) delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  return next as T;
}

export const PromotionEnded = defineEvent('PromotionEnded', z.object({ at, by }));

export const PromotionUseReserved = defineEvent(
  'PromotionUseReserved',
  z.object({ checkoutId, customer, expiresAt: at, at }),
);

export const PROMOTION_RELEASE_REASONS = [
  'payment_failed',
  'expired',
  'payment_not_started',
  'payment_refunded',
  'checkout_replaced',
] as const;

export const PromotionUseReleased = defineEvent(
  'PromotionUseReleased',
  z.object({ checkoutId, reason: z.enum(PROMOTION_RELEASE_REASONS), at }),
);

/**
 * The order of `checkoutId` used the code, taking `discount` (minor units of `currency`).
 * `beyondLimit`: its hold had ended and the limit was reached meanwhile; the money was already
 * charged with the discount, so the use is recorded and flagged for a person.
 */
export const PromotionUseSpent = defineEvent(
  'PromotionUseSpent',
  z.object({
    checkoutId,
    orderId: z.string(),
    orderNumber: z.string(),
    customer,
    discount: z.number().int().nonnegative(),
    currency: z.string(),
    beyondLimit: z.boolean().optional(),
    at,
  }),
);

export const promotionEvents = [
  PromotionCreated,
  PromotionChanged,
  PromotionEnded,
  PromotionUseReserved,
  PromotionUseReleased,
  PromotionUseSpent,
];
export const PROMOTION_EVENT_TYPES = promotionEvents.map((event) => event.type);

export type PromotionEvent =
  | EventOf<typeof PromotionCreated>
  | EventOf<typeof PromotionChanged>
  | EventOf<typeof PromotionEnded>
  | EventOf<typeof PromotionUseReserved>
  | EventOf<typeof PromotionUseReleased>
  | EventOf<typeof PromotionUseSpent>;
