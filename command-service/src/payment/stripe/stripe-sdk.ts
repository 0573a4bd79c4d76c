// Stripe through its official SDK. `api` points the SDK elsewhere (the SDK's host, port and protocol
// options): tests use a local stand-in, since Stripe's servers cannot be reached from here.
import Stripe from 'stripe';
import { intentFromObject, type StripePort, type StripeWebhookEvent } from './stripe-port';

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
    },

    async retrievePaymentIntent(id) {
      try {
        return intentFromObject(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
        throw error;
      }
    },

    constructWebhookEvent(rawBody, signature): StripeWebhookEvent {
      if (!options.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
    },
  };
}
