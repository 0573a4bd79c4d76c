// Stripe through its official SDK. `api` points the SDK elsewhere (the SDK's host, port and protocol
// options): tests use a local stand-in, since Stripe's servers cannot be reached from here.
import Stripe from 'stripe';
import { RuleBroken, ServiceUnavailable } from '@printshop/shared-events/errors';
import { InvalidSignature, PAYMENT_MESSAGES } from '../payment-errors';
import { intentFromObject, type StripePort, type StripeWebhookEvent } from './stripe-port';

/**
 * Stripe's refusals of a request (an amount below its minimum, a currency it does not take) are
 * the customer's to see (422, Stripe's words); Stripe unreachable or failing is a 503.
 */
function asDomainError(error: unknown): unknown {
  if (
    error instanceof Stripe.errors.StripeCardError ||
    error instanceof Stripe.errors.StripeInvalidRequestError
  ) {
    return new RuleBroken(error.message);
  }
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return new ServiceUnavailable(PAYMENT_MESSAGES.providerUnavailable);
  }
  return error;
}

export interface StripeSdkOptions {
  secretKey: string;
  /** whsec_…; without it every webhook is refused. */
  webhookSecret?: string;
  /** e.g. http://127.0.0.1:12111 instead of https://api.stripe.com */
  apiUrl?: string;
}

export function createStripeSdkPort(options: StripeSdkOptions): StripePort {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol.replace(':', '') as 'http' | 'https',
    }),
  });

  return {
    testMode: options.secretKey.startsWith('sk_test_'),

    async createPaymentIntent({ amount, currency, checkoutId, idempotencyKey }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount,
            currency: currency.toLowerCase(),
            metadata: { checkoutId },
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey },
        );
        return intentFromObject(intent);
      } catch (error) {
        throw asDomainError(error);
      }
    },

    async retrievePaymentIntent(id) {
      try {
        return intentFromObject(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return undefined;
        throw asDomainError(error);
      }
    },

    async refund({ paymentIntentId, amount, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId, amount },
          { idempotencyKey },
        );
        return { id: refund.id };
      } catch (error) {
        throw asDomainError(error);
      }
    },

    constructWebhookEvent(rawBody, signature): StripeWebhookEvent {
      // 503, not 400: Stripe keeps retrying until the secret is configured.
      if (!options.webhookSecret) throw new ServiceUnavailable(PAYMENT_MESSAGES.webhookNotConfigured);
      return verifiedEvent(() => stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret!));
    },
  };
}

/** The SDK's signature check, its refusal as a 400 InvalidSignature. */
export function verifiedEvent(construct: () => StripeWebhookEvent): StripeWebhookEvent {
  try {
    return construct();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new InvalidSignature(PAYMENT_MESSAGES.badWebhookSignature);
    }
    throw error;
  }
}
