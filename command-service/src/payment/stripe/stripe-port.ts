// What the shop needs of Stripe. Two implementations: the stripe SDK against Stripe's API
// (stripe-sdk.ts), and a test-mode stand-in decided by Stripe's test card numbers
// (stripe-test-mode.ts) for when no keys are configured. Amounts are in Stripe's unit for the
// currency (provider-amounts.ts); currencies are upper-case here.

export interface StripeIntent {
  id: string;
  clientSecret: string;
  /** requires_payment_method, requires_confirmation, requires_action, processing, succeeded, canceled... */
  status: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** Why the last attempt failed, in Stripe's words ('Your card was declined.'). */
  lastError?: { message: string; code?: string };
}

/** The part of a Stripe event the shop reads. */
export interface StripeWebhookEvent {
  id: string;
  type: string;
  data: { object: unknown };
}

export interface StripePort {
  readonly testMode: boolean;
  createPaymentIntent(input: {
    amount: number;
    currency: string;
    checkoutId: string;
    idempotencyKey: string;
  }): Promise<StripeIntent>;
  /** undefined when Stripe knows no such intent. */
  retrievePaymentIntent(id: string): Promise<StripeIntent | undefined>;
  /**
   * Gives back `amount` (Stripe's unit) of a succeeded intent; the same key gives the refund made
   * with it before.
   */
  refund(input: { paymentIntentId: string; amount: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** Test mode only: pays the intent with a test card, as Stripe.js would in the browser. */
  confirmWithTestCard?(id: string, cardNumber: string): Promise<void>;
  /** Verifies the Stripe-Signature header over the raw body; throws when it does not verify. */
  constructWebhookEvent(rawBody: string | Buffer, signature: string): StripeWebhookEvent;
}

/** A Stripe PaymentIntent object (webhook payload, API answer) as the port's StripeIntent. */
export function intentFromObject(object: {
  id: string;
  client_secret?: string | null;
  status: string;
  amount: number;
  currency: string;
  metadata?: Record<string, string> | null;
  last_payment_error?: { message?: string | null; code?: string | null } | null;
}): StripeIntent {
  const error = object.last_payment_error;
  return {
    id: object.id,
    clientSecret: object.client_secret ?? '',
    status: object.status,
    amount: object.amount,
    currency: object.currency.toUpperCase(),
    metadata: object.metadata ?? {},
    ...(error?.message && { lastError: { message: error.message, ...(error.code && { code: error.code }) } }),
  };
}
