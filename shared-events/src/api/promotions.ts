// Promotion codes (API.md "Promotion codes"): the cart's code and the admin's promotions. Money in
// answers and bodies is in major units (amountsOff per currency, the minimum in USD).
import { z } from 'zod';
import { FAMILIES } from './catalog-enums';
import { CURRENCY_CODES } from '../rules/currencies';
import type { PromotionTerms } from '../events/promotion';
import { convertFromUsd, formatMoney, toMajor, toMinor } from '../rules/money';
import { apiString, countSchema, moneySchema, okSchema, timestampSchema } from './common';

/**
 * Codes one address's network may try on a cart in an hour (the default of
 * PROMOTION_CODE_TRIES_PER_HOUR). A shopper tries one or two; codes are words people can guess,
 * and without a bound a script could try a dictionary of them.
 */
export const PROMOTION_CODE_TRIES_PER_HOUR = 20;
export const PROMOTION_CODE_TOO_MANY = 'Too many codes tried. Please wait a little and try again.';

export const promotionCodeBodySchema = z.object({
  code: apiString({ error: 'Enter a code' }).min(1, 'Enter a code').max(100),
});

/** The code on the cart: what it takes off the cart (in `currency`), or why it does not apply. */
export const promotionCodeResponseSchema = okSchema.extend({
  code: z.string(),
  discount: moneySchema,
  currency: z.string(),
});

const limit = z.number().int().min(1).max(10_000_000);
const amount = z.number().positive().max(10_000_000);

export const createPromotionBodySchema = z
  .object({
    code: apiString().min(1).max(100),
    /** Percentage in basis points: 1000 = 10%. */
    percentBps: z.number().int().min(1).max(10_000).optional(),
    /** Fixed amount off per currency, major units: {"EUR": 5, "USD": 5}. */
    amountsOff: z.partialRecord(z.enum(CURRENCY_CODES), amount).optional(),
    /** Minimum cart subtotal before discounts, USD (shown converted in other currencies). */
    minSubtotalUsd: z.number().nonnegative().max(10_000_000).optional(),
    startsAt: timestampSchema.optional(),
    endsAt: timestampSchema.optional(),
    maxUses: limit.optional(),
    maxUsesPerCustomer: limit.optional(),
    families: z.array(z.enum(FAMILIES)).min(1).optional(),
  })
  .superRefine((body, ctx) => {
    // Stored in minor units: an amount that rounds to none (0.4 yen) is refused, not saved as 0.
    for (const [currency, major] of Object.entries(body.amountsOff ?? {}))
      if (major !== undefined && toMinor(major, currency) < 1)
        ctx.addIssue({
          code: 'custom',
          path: ['amountsOff', currency],
          message: `Enter at least ${formatMoney(1, currency)}`,
        });
  });

/** `null` removes a limit, the minimum or the end date; `end: true` ends the code now. */
export const changePromotionBodySchema = z.object({
  maxUses: limit.nullable().optional(),
  maxUsesPerCustomer: limit.nullable().optional(),
  /** USD, like the create call's; `null` (or 0) removes the minimum. */
  minSubtotalUsd: z.number().nonnegative().max(10_000_000).nullable().optional(),
  startsAt: timestampSchema.optional(),
  endsAt: timestampSchema.nullable().optional(),
  end: z.literal(true).optional(),
});

export const PROMOTION_STATES = ['scheduled', 'active', 'used_up', 'expired', 'ended'] as const;

export const promotionSchema = z.object({
  code: z.string(),
  percentBps: z.number().int().nullable(),
  amountsOff: z.record(z.string(), moneySchema),
  minSubtotalUsd: moneySchema,
  startsAt: timestampSchema,
  endsAt: timestampSchema.nullable(),
  endedAt: timestampSchema.nullable(),
  maxUses: countSchema.nullable(),
  maxUsesPerCustomer: countSchema.nullable(),
  families: z.array(z.string()).nullable(),
  /** Orders that spent a use. */
  uses: countSchema,
  /** Uses held by payments under way now. */
  reserved: countSchema,
  state: z.enum(PROMOTION_STATES),
  createdAt: timestampSchema,
});
export type PromotionDto = z.infer<typeof promotionSchema>;

/** A checkout's use of a code as the admin sees it. */
export const USE_STATUSES = ['reserved', 'expired', 'released', 'spent'] as const;
export type UseStatus = (typeof USE_STATUSES)[number];

/**
 * A use's status at `now`: a hold whose expiry has passed is `expired`, though the log may not have
 * released it yet (the expiry sweep runs later); the stored status otherwise.
 */
export function useStatusAt(
  use: { status: 'reserved' | 'released' | 'spent'; expiresAt: Date | null },
  now: Date,
): UseStatus {
  if (use.status !== 'reserved' || use.expiresAt === null) return use.status;
  return use.expiresAt.getTime() <= now.getTime() ? 'expired' : 'reserved';
}

export const promotionResponseSchema = okSchema.extend({ promotion: promotionSchema });
export const promotionsResponseSchema = okSchema.extend({ promotions: z.array(promotionSchema) });
export const promotionDetailResponseSchema = okSchema.extend({
  promotion: promotionSchema,
  useList: z.array(
    z.object({
      checkoutId: z.string(),
      customer: z.string(),
      /** `expired`: a hold whose time ended with no payment (decided when read, before the log releases it). */
      status: z.enum(USE_STATUSES),
      orderNumber: z.string().nullable(),
      /** Major units of `currency` (spent uses). */
      discount: moneySchema.nullable(),
      currency: z.string().nullable(),
      beyondLimit: z.boolean(),
      at: timestampSchema,
    }),
  ),
});

/** A promotion as the admin sees it, from its terms and counts at `now`. */
export function promotionDto(
  promotion: { code: string; terms: PromotionTerms; endedAt?: string; createdAt: string },
  counts: { uses: number; reserved: number },
  now: Date,
): PromotionDto {
  const { terms } = promotion;
  const at = now.getTime();
  const state =
    promotion.endedAt !== undefined
      ? 'ended'
      : terms.endsAt !== undefined && Date.parse(terms.endsAt) <= at
        ? 'expired'
        : Date.parse(terms.startsAt) > at
          ? 'scheduled'
          : terms.maxUses !== undefined && counts.uses + counts.reserved >= terms.maxUses
            ? 'used_up'
            : 'active';
  return {
    code: promotion.code,
    percentBps: terms.percentBps ?? null,
    amountsOff: Object.fromEntries(
      Object.entries(terms.amountsOff ?? {}).map(([currency, minor]) => [currency, toMajor(minor, currency)]),
    ),
    minSubtotalUsd: toMajor(convertFromUsd(terms.minSubtotalUsdCents ?? 0, 'USD'), 'USD'),
    startsAt: terms.startsAt,
    endsAt: terms.endsAt ?? null,
    endedAt: promotion.endedAt ?? null,
    maxUses: terms.maxUses ?? null,
    maxUsesPerCustomer: terms.maxUsesPerCustomer ?? null,
    families: terms.families ? [...terms.families] : null,
    uses: counts.uses,
    reserved: counts.reserved,
    state,
    createdAt: promotion.createdAt,
  };
}
