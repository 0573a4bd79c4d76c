// Test mode without Stripe keys: an in-process stand-in for Stripe's PaymentIntents, decided by
// Stripe's documented test card numbers, with Stripe's own decline messages. Webhooks are verified
// with the stripe SDK's real signature check against a generated test secret, so the webhook path is
// the same code as with keys. Intents live in this process's memory (test mode is one process).
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { verifiedEvent } from './stripe-sdk';
import type { StripeIntent, StripePort, StripeWebhookEvent } from './stripe-port';

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

export function createStripeTestModePort(options: { webhookSecret: string }): StripePort {
  const intents = new Map<string, StripeIntent>();
  const byIdempotencyKey = new Map<string, string>();

  return {
    testMode: true,

    async createPaymentIntent({ amount, currency, checkoutId, idempotencyKey }) {
      const known = byIdempotencyKey.get(idempotencyKey);
      if (known) return { ...intents.get(known)! };
      const id = `pi_test_${token(18)}`;
      const intent: StripeIntent = {
        id,
        clientSecret: `${id}_secret_${token(18)}`,
        status: 'requires_payment_method',
        amount,
        currency,
        metadata: { checkoutId },
      };
      intents.set(id, intent);
      byIdempotencyKey.set(idempotencyKey, id);
      return { ...intent };
    },

    async retrievePaymentIntent(id) {
      const intent = intents.get(id);
      return intent && { ...intent };
    },

    async confirmWithTestCard(id, cardNumber) {
      const intent = intents.get(id);
      // A paid intent stays paid: confirming it again (a retried request) changes nothing.
      if (!intent || intent.status === 'succeeded') return;
      const outcome = TEST_CARDS[cardNumber] ?? NOT_A_TEST_CARD;
      if (outcome === 'succeeds') {
        intents.set(id, { ...intent, status: 'succeeded', lastError: undefined });
      } else {
        intents.set(id, { ...intent, status: 'requires_payment_method', lastError: { ...outcome } });
      }
    },

    constructWebhookEvent(rawBody, signature): StripeWebhookEvent {
      return verifiedEvent(() => Stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret));
    },
  };
}
