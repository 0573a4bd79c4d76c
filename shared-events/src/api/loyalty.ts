// Loyalty (API.md "Loyalty").
import { z } from 'zod';
import { countSchema, moneySchema, okSchema, timestampSchema } from './common';

export const loyaltyStatusResponseSchema = okSchema.extend({
  balance: countSchema,
  /** USD per point */
  valuePerPoint: z.number().nonnegative(),
  /** points per USD of paid subtotal */
  earnRate: z.number().nonnegative(),
  history: z.array(
    z.object({
      type: z.enum(['earned', 'redeemed', 'reversed']),
      points: z.number().int(),
      at: timestampSchema,
      orderNumber: z.string().optional(),
      /** order_paid, order_discount, order_cancelled, order_refunded, order_partly_refunded */
      reason: z.string().optional(),
    }),
  ),
});

export const redeemBodySchema = z.object({
  pointsToRedeem: z
    .number({ error: 'Enter the number of points to redeem' })
    .int('Points must be a whole number')
    .min(1, 'Enter the number of points to redeem')
    .max(10_000_000),
});

export const redeemResponseSchema = okSchema.extend({ balance: countSchema, discount: moneySchema });
