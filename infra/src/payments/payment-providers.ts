// The payment providers of one running shop, made once from the configuration: Stripe and
// Razorpay through their APIs when keys are configured, else their test-mode stand-ins, which keep
// their payments in Postgres (test-mode-payments.ts) so every gateway sees the same ones.
import type { Knex } from 'knex';
import type { Logger } from '@printshop/shared-events/logger';
import { createRazorpayApiPort } from '@printshop/command-service/payment/razorpay/razorpay-api';
import type { RazorpayPort } from '@printshop/command-service/payment/razorpay/razorpay-port';
import { createRazorpayTestModePort } from '@printshop/command-service/payment/razorpay/razorpay-test-mode';
import { createStripeSdkPort } from '@printshop/command-service/payment/stripe/stripe-sdk';
import type { StripePort } from '@printshop/command-service/payment/stripe/stripe-port';
import { createStripeTestModePort } from '@printshop/command-service/payment/stripe/stripe-test-mode';
import type { Config } from '../config';
import {
  postgresRazorpayTestOrders,
  postgresStripeTestIntents,
  postgresTestRefunds,
} from './test-mode-payments';

export interface PaymentProviders {
  stripe: StripePort;
  stripePublishableKey?: string;
  razorpay: RazorpayPort;
  razorpayKeySecret: string;
}

const made = new WeakMap<object, PaymentProviders>();

function create(config: Config, logger: Logger, db: Knex): PaymentProviders {
  const { stripe, razorpay } = config;
  let stripePort: StripePort;
  if (stripe.secretKey) {
    stripePort = createStripeSdkPort({
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret,
      apiUrl: stripe.apiUrl,
    });
    if (!stripe.webhookSecret) logger.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused');
  } else {
    stripePort = createStripeTestModePort({
      webhookSecret: stripe.webhookSecret!,
      intents: postgresStripeTestIntents(db),
      refunds: postgresTestRefunds(db),
    });
    logger.warn('STRIPE_SECRET_KEY is not set: card payments run in test mode (Stripe test cards)');
  }
  let razorpayPort: RazorpayPort;
  if (razorpay.keyId) {
    razorpayPort = createRazorpayApiPort({
      keyId: razorpay.keyId,
      keySecret: razorpay.keySecret,
      apiUrl: razorpay.apiUrl,
    });
  } else {
    razorpayPort = createRazorpayTestModePort({
      keySecret: razorpay.keySecret,
      orders: postgresRazorpayTestOrders(db),
      refunds: postgresTestRefunds(db),
    });
    logger.warn('RAZORPAY_KEY_ID is not set: UPI and net banking run in test mode');
  }
  return {
    stripe: stripePort,
    stripePublishableKey: stripe.publishableKey,
    razorpay: razorpayPort,
    razorpayKeySecret: razorpay.keySecret,
  };
}

/** The providers of this app context (the same object for the same context). */
export function paymentProvidersOf(app: { config: Config; logger: Logger; db: Knex }): PaymentProviders {
  let providers = made.get(app);
  if (!providers) {
    providers = create(app.config, app.logger, app.db);
    made.set(app, providers);
  }
  return providers;
}
