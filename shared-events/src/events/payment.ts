// A payment at a provider, stream `payment-<provider>_<reference>` (the reference is Stripe's
// PaymentIntent id or Razorpay's order id): which checkout it pays, for how much, its failures, and
// its refund when it made no order.
// The order of a payment is derived from the same provider and reference (order.ts), so one
// payment can never become two orders.
import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry';

export const PAYMENT_PROVIDERS = ['stripe', 'razorpay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** How an order was paid: at a provider, or `none` when it had nothing to pay (a total of 0). */
export const ORDER_PAYMENT_PROVIDERS = [...PAYMENT_PROVIDERS, 'none'] as const;
export type OrderPaymentProvider = (typeof ORDER_PAYMENT_PROVIDERS)[number];

export const PAYMENT_STREAM_CATEGORY = 'payment';

/** The key is `<provider>_<reference>` made safe (command-service/src/payment/payment-key.ts). */
export const paymentStreamName = (paymentKey: string): string => `${PAYMENT_STREAM_CATEGORY}-${paymentKey}`;

const at = z.iso.datetime({ offset: true });

/** Which payment, for which checkout, of how much. */
const payment = {
  provider: z.enum(PAYMENT_PROVIDERS),
  reference: z.string(),
  checkoutId: z.string(),
  /** Minor units of `currency` (the shop's; the provider's own unit may differ). */
  amount: z.number().int().positive(),
  currency: z.string(),
};

export const PaymentRequested = defineEvent(
  'PaymentRequested',
  z.object({ ...payment, testMode: z.boolean(), at }),
);

/** The provider declined or failed the payment; the customer may try again. */
export const PaymentFailed = defineEvent(
  'PaymentFailed',
  z.object({
    provider: z.enum(PAYMENT_PROVIDERS),
    reference: z.string(),
    checkoutId: z.string().optional(),
    message: z.string(),
    code: z.string().optional(),
    at,
  }),
);

/**
 * The payment was given back in full and made no order: another checkout of the same cart (a
 * second tab) was paid first and its order `orderNumber` took these items.
 */
export const PaymentRefunded = defineEvent(
  'PaymentRefunded',
  z.object({
    ...payment,
    refundId: z.string(),
    /** Another checkout's order took its items; or its own checkout was already paid by another payment. */
    reason: z.enum(['ordered_elsewhere', 'paid_twice']),
    orderNumber: z.string(),
    at,
  }),
);

export const paymentEvents = [PaymentRequested, PaymentFailed, PaymentRefunded];
export type PaymentEvent =
  EventOf<typeof PaymentRequested> | EventOf<typeof PaymentFailed> | EventOf<typeof PaymentRefunded>;
