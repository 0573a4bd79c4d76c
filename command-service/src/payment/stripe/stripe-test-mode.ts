// Test mode without Stripe keys: a stand-in for Stripe's PaymentIntents, decided by Stripe's
// documented test card numbers, with Stripe's own decline messages. Webhooks are verified with the
// stripe SDK's real signature check against a generated test secret, so the webhook path is the
// same code as with keys. Intents are kept where every gateway sees them (StripeTestIntents:
// Postgres in infra/src/payments/test-mode-payments.ts), so a payment started on one gateway can be
// confirmed on another, and a restart loses no pending payment.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { RuleBroken } from '@printshop/shared-events/errors';
import { TEST_REFUND_MESSAGES, type TestRefunds } from '../test-refunds';
import { verifiedEvent } from './stripe-sdk';
import type { StripeIntent, StripePort, StripeWebhookEvent } from './stripe-port';

/** Where test-mode intents are kept: shared by every process of the shop. */
export interface StripeTestIntents {
  /** Stores `intent` under the key; when the key is already known, the intent stored first instead. */
  insertOnce(idempotencyKey: string, intent: StripeIntent): Promise<StripeIntent>;
  find(id: string): Promise<StripeIntent | undefined>;
  /** The outcome of a confirmation, unless the intent already succeeded (a paid intent stays paid). */
  settle(id: string, outcome: Pick<StripeIntent, 'status' | 'lastError'>): Promise<void>;
}

/** Stripe's test cards (https://docs.stripe.com/testing) and what each does. */
export const TEST_CARDS: Readonly<Record<string, { code: string; message: string } | 'succeeds'>> = {
  '4242424242424242': 'succeeds',
  '5555555555554444': 'succeeds',
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', message: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

const NOT_A_TEST_CARD = {
  code: 'card_declined',
  message: 'Your card was declined. Your request was in test mode, but used a non test card.',
};

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

export function createStripeTestModePort(options: {
  webhookSecret: string;
  intents: StripeTestIntents;
  refunds: TestRefunds;
}): StripePort {
  const { intents } = options;

  return {
    testMode: true,

    async createPaymentIntent({ amount, currency, checkoutId, idempotencyKey }) {
      const id = `pi_test_${token(18)}`;
      return intents.insertOnce(idempotencyKey, {
        id,
        clientSecret: `${id}_secret_${token(18)}`,
        status: 'requires_payment_method',
        amount,
        currency,
        metadata: { checkoutId },
      });
    },

    retrievePaymentIntent: (id) => intents.find(id),

    async refund({ paymentIntentId, amount, idempotencyKey }) {
      const intent = await intents.find(paymentIntentId);
      if (intent?.status !== 'succeeded') throw new RuleBroken(TEST_REFUND_MESSAGES.notPaid);
      return options.refunds.refundOnce({
        key: idempotencyKey,
        paymentId: paymentIntentId,
        amount,
        paid: intent.amount,
      });
    },

    async confirmWithTestCard(id, cardNumber) {
      const outcome = TEST_CARDS[cardNumber] ?? NOT_A_TEST_CARD;
      await intents.settle(
        id,
        outcome === 'succeeds'
          ? { status: 'succeeded' }
          : { status: 'requires_payment_method', lastError: { ...outcome } },
      );
    },

    constructWebhookEvent(rawBody, signature): StripeWebhookEvent {
      return verifiedEvent(() => Stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret));
    },
  };
}
