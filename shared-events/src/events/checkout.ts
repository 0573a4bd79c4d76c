// A checkout, stream `checkout-<checkoutId>`: what the customer was about to buy when they went to
// pay (the priced cart lines, the amounts, e-mail and address), frozen, so the payment amount and
// the order come from the server's own record and abandoned checkouts can be reported.
// Money is integer minor units of `currency`; `usd*` fields are USD cents.
import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry';
import { addressFieldsSchema } from './address';

export const CHECKOUT_STREAM_CATEGORY = 'checkout';
export const checkoutStreamName = (checkoutId: string): string => `${CHECKOUT_STREAM_CATEGORY}-${checkoutId}`;

const at = z.iso.datetime({ offset: true });
const minor = z.number().int();
const count = z.number().int().nonnegative();

export const cropSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

/** One priced line and what the print shop needs to make it (the print recipe). */
export const orderLineSchema = z.object({
  lineId: z.string(),
  sku: z.string(),
  name: z.string(),
  category: z.string().optional(),
  quantity: z.number().int().positive(),
  unitPrice: minor,
  lineTotal: minor,
  unitPriceUsd: minor,
  rawImageId: z.string().nullish(),
  croppedImageId: z.string(),
  crop: cropSchema.optional(),
  customizationData: z.record(z.string(), z.unknown()).optional(),
  /** Photo strips: the slot photos. */
  images: z.array(z.object({ imageId: z.string(), slot: z.number().int() })).optional(),
  printQuality: z.enum(['good', 'fair', 'poor']).optional(),
  /**
   * Strips and collages: each slot's original and the crop in its upright pixels, in slot order;
   * the print file is composed from them. Lines recorded before (or without crops) have none.
   */
  slots: z
    .array(
      z.object({
        slot: z.union([z.string(), z.number().int()]),
        imageId: z.string(),
        crop: cropSchema,
        /** Collages: the slot's box on the template picture (its pixels). */
        position: cropSchema.optional(),
      }),
    )
    .optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderAmountsSchema = z.object({
  currency: z.string(),
  subtotal: minor,
  /** Quantity-band discount. */
  discount: minor,
  /** What redeemed loyalty points take off. */
  loyaltyDiscount: minor,
  /** The promotion code the checkout was priced with (upper-case), and what it takes off. */
  promotionCode: z.string().optional(),
  promotionDiscount: minor.optional(),
  loyaltyPoints: count,
  /**
   * Order only: points the price was discounted with that the order could not take (its payment's
   * hold ended and another checkout got them): the discount they stand for was not paid in points.
   */
  unbackedPoints: count.optional(),
  shipping: minor,
  /** What is charged: subtotal - discount - promotionDiscount - loyaltyDiscount + shipping. */
  total: minor,
  /** The subtotal after both discounts, in USD cents: what loyalty points are earned on. */
  usdPaidSubtotal: minor,
  usdTotal: minor,
  /** Units of `currency` per USD used for the conversion. */
  rate: z.number().positive(),
});
export type OrderAmounts = z.infer<typeof orderAmountsSchema>;

export const CheckoutStarted = defineEvent(
  'CheckoutStarted',
  z.object({
    checkoutId: z.string(),
    cartId: z.string(),
    userId: z.string().optional(),
    email: z.string().optional(),
    shippingAddress: addressFieldsSchema.optional(),
    country: z.string(),
    lines: z.array(orderLineSchema).min(1),
    amounts: orderAmountsSchema,
    startedAt: at,
  }),
);

/** The checkout was paid and became this order (at most once). */
export const CheckoutCompleted = defineEvent(
  'CheckoutCompleted',
  z.object({ checkoutId: z.string(), orderId: z.string(), orderNumber: z.string(), at }),
);

/**
 * An admin asked for the recovery e-mail of an abandoned checkout (at most once per checkout); the
 * mail reactor turns it into the 'checkout-recovery' mail. `by` is 'admin:<userId>'.
 */
export const RecoveryEmailRequested = defineEvent(
  'RecoveryEmailRequested',
  z.object({ checkoutId: z.string(), by: z.string().min(1).max(200), at }),
);

export const checkoutEvents = [CheckoutStarted, CheckoutCompleted, RecoveryEmailRequested];
export type CheckoutEvent =
  | EventOf<typeof CheckoutStarted>
  | EventOf<typeof CheckoutCompleted>
  | EventOf<typeof RecoveryEmailRequested>;
export type CheckoutStartedData = EventOf<typeof CheckoutStarted>['data'];
