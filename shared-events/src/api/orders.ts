// Checkout, payments and orders (API.md "Checkout, payments, orders").
import { z } from 'zod';
import { ORDER_PAYMENT_PROVIDERS } from '../events/payment';
import { addressInputSchema } from '../rules/addresses';
import { emailSchema } from '../rules/password-policy';
import {
  apiString,
  countrySchema,
  countSchema,
  currencySchema,
  idSchema,
  moneySchema,
  okSchema,
  queryValue,
  requiredText,
  timestampSchema,
} from './common';
import { postalAddressSchema } from '../postal-address';
import { customizationDataSchema } from './cart';

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'in_production',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const checkoutStartBodySchema = z.object({
  email: emailSchema.optional(),
  shippingAddress: addressInputSchema.optional(),
  currency: currencySchema,
  country: countrySchema,
  /** The tab's previous checkout, unpaid: its points and code hold end, so this one can take them. */
  replaces: idSchema.optional(),
});
/** What a started checkout charges, in major units of its currency: what the payment step shows. */
export const checkoutTotalsSchema = z.object({
  subtotal: moneySchema,
  /** Every discount: quantity bands, the promotion code, loyalty points. */
  discount: moneySchema,
  shippingFee: moneySchema,
  total: moneySchema,
  /** The points this checkout is priced with (fewer than the cart's when another payment holds some). */
  loyaltyPointsUsed: countSchema,
  /** What those points take off (part of `discount`). */
  loyaltyDiscount: moneySchema.default(0),
});
export type CheckoutTotals = z.infer<typeof checkoutTotalsSchema>;
export const checkoutStartResponseSchema = okSchema.extend({
  checkoutId: z.string(),
  amount: moneySchema,
  currency: z.string(),
  totals: checkoutTotalsSchema.optional(),
});

/**
 * Payments one address's network may start in an hour (the default of PAYMENT_STARTS_PER_HOUR):
 * each asks the provider for an intent or an order. A shopper needs one or two; a script testing
 * stolen cards needs thousands, and would spend the shop's quota with the provider (and its
 * standing: card testing gets accounts closed).
 */
export const PAYMENT_STARTS_PER_HOUR = 30;

/**
 * Orders one address's network may look up in an hour by number and e-mail, or as a guest by id
 * and e-mail (the default of ORDER_LOOKUPS_PER_HOUR). An order shows a name, an address and a
 * phone number: with an order number seen on a shared receipt, a script must not try e-mail
 * addresses without end. A shopper looks a few times; a reload or a return to the tab is one more.
 */
export const ORDER_LOOKUPS_PER_HOUR = 120;
export const ORDER_LOOKUP_TOO_MANY =
  'Too many order look-ups from your network. Please wait a little and try again.';

export const PAYMENT_START_MESSAGES = {
  tooMany: 'Too many payment attempts from your network. Please wait a little and try again.',
  email: 'Email is required',
  shippingAddress: 'Shipping address is required',
  currency: 'Currency is required',
  country: 'Country is required',
} as const;

/**
 * Body of create-payment-intent and create-order: a started checkout ({checkoutId}), or everything
 * needed to start one. One object rather than a zod union, so a missing field is reported on its own
 * path instead of as an opaque "invalid union".
 */
export const paymentStartBodySchema = z
  .object({
    checkoutId: idSchema.optional(),
    email: emailSchema.optional(),
    shippingAddress: addressInputSchema.optional(),
    currency: currencySchema.optional(),
    country: countrySchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.checkoutId !== undefined) return;
    for (const field of ['email', 'shippingAddress', 'currency', 'country'] as const) {
      if (body[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: PAYMENT_START_MESSAGES[field] });
    }
  })
  .transform((body) =>
    body.checkoutId !== undefined
      ? { checkoutId: body.checkoutId }
      : {
          email: body.email!,
          shippingAddress: body.shippingAddress!,
          currency: body.currency!,
          country: body.country!,
        },
  );
export type PaymentStartBody = z.output<typeof paymentStartBodySchema>;

export const createPaymentIntentResponseSchema = okSchema.extend({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: moneySchema,
  currency: z.string(),
  testMode: z.boolean(),
});

export const confirmPaymentBodySchema = z.object({
  paymentIntentId: idSchema,
  /** Test mode only: the card number deciding the outcome (spaces allowed). */
  testCard: apiString()
    .max(30)
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Invalid test card number'))
    .optional(),
});

export const createOrderResponseSchema = okSchema.extend({
  orderId: z.string(),
  amount: moneySchema,
  currency: z.string(),
  keyId: z.string(),
  testMode: z.boolean(),
});

export const verifyPaymentBodySchema = z.object({
  razorpay_order_id: requiredText(200),
  razorpay_payment_id: requiredText(200),
  razorpay_signature: requiredText(200),
});

export const orderAddressSchema = postalAddressSchema;

export const orderItemSchema = z.object({
  /** The line's id: what a review of this line names. */
  lineId: z.string().optional(),
  sku: z.string(),
  name: z.string(),
  category: z.string().optional(),
  quantity: countSchema,
  pricePerUnit: moneySchema,
  lineTotal: moneySchema,
  imageUrl: z.string().optional(),
  customizationData: customizationDataSchema.optional(),
});

export const orderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: orderStatusSchema,
  createdAt: timestampSchema,
  email: z.string(),
  items: z.array(orderItemSchema),
  subtotal: moneySchema,
  discount: moneySchema,
  shippingFee: moneySchema,
  total: moneySchema,
  currency: z.string(),
  shippingAddress: orderAddressSchema,
  payment: z.object({ provider: z.enum(ORDER_PAYMENT_PROVIDERS), status: z.string() }),
  timeline: z.array(
    z.object({ status: orderStatusSchema, at: timestampSchema, note: z.string().optional() }),
  ),
  tracking: z.object({ carrier: z.string(), number: z.string(), url: z.string() }).optional(),
  /** The promotion code the order was priced with and what it took off (part of `discount`). */
  promotion: z.object({ code: z.string(), discount: moneySchema }).optional(),
  /** What loyalty points took off (part of `discount`); absent when none were used. */
  loyaltyDiscount: moneySchema.optional(),
});
export type OrderDto = z.infer<typeof orderSchema>;

export const orderResponseSchema = okSchema.extend({ order: orderSchema });
export const ordersResponseSchema = okSchema.extend({ orders: z.array(orderSchema) });

/** GET /api/orders/:id?email= (a guest proves the order is theirs with its e-mail). */
export const orderQuerySchema = z.object({
  email: queryValue(emailSchema.optional()),
});
export const trackOrderQuerySchema = z.object({
  orderNumber: apiString({ error: 'Order number is required' })
    .trim()
    .min(1, 'Order number is required')
    .max(50, 'Order number is required'),
  email: emailSchema,
});
