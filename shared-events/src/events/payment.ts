// A payment at a provider, stream `payment-<provider>_<reference>` (the reference is Stripe's
// PaymentIntent id or Razorpay's order id): which checkout it pays, for how much, and its failures.
// The order of a payment is derived from the same provider and reference (order.ts), so one
// payment can never become two orders.
import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry';

export const PAYMENT_PROVIDERS = ['stripe', 'razorpay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_STREAM_CATEGORY = 'payment';

/** The key is `<provider>_<reference>` made safe (command-service/src/payment/payment-key.ts). */
export const paymentStreamName = (paymentKey: string): string => `${PAYMENT_STREAM_CATEGORY}-${paymentKey}`;

const at = z.iso.datetime({ offset: true });

export const PaymentRequested = defineEvent(
  'PaymentRequested',
  z.object({
    provider: z.enum(PAYMENT_PROVIDERS),
    reference: z.string(),
    checkoutId: z.string(),
    /** Minor units of `currency` (the shop's; the provider's own unit may differ). */
    amount: z.number().int().positive(),
    currency: z.string(),
    testMode: z.boolean(),
    at,
  }),
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

export const paymentEvents = [PaymentRequested, PaymentFailed];
export type PaymentEvent = EventOf<typeof PaymentRequested> | EventOf<typeof PaymentFailed>;
