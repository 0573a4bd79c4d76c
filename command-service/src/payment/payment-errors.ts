// Payment failures the customer must see: a declined card (402 with the provider's own message),
// a signature that does not verify (400).
import { DomainError } from '@printshop/shared-events/errors';

export class PaymentDeclined extends DomainError {
  readonly status = 402;
  readonly code = 'PAYMENT_DECLINED';
}

export class InvalidSignature extends DomainError {
  readonly status = 400;
  readonly code = 'INVALID_SIGNATURE';
}

export const PAYMENT_MESSAGES = {
  notCompleted: 'Your payment was not completed. Please try again.',
  processing: 'Your payment is still being processed. We will e-mail you when it is confirmed.',
  paymentNotFound: 'Payment not found',
  amountMismatch: 'The payment does not match the amount of this checkout.',
  badWebhookSignature: 'The webhook signature does not verify.',
  webhookNotConfigured: 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).',
  badRazorpaySignature: 'Payment verification failed: the signature does not match.',
  providerUnavailable: 'The payment provider cannot be reached right now. Please try again in a moment.',
  rupeesOnly: 'UPI and net banking are charged in Indian rupees: choose INR to pay this way.',
  nothingToPay: 'This order has nothing to pay: place it without a payment.',
  amountToPay: 'This order has an amount to pay: choose a payment method.',
} as const;
