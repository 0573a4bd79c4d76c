// Money back through the provider that took it: Stripe refunds the PaymentIntent, Razorpay the
// payment of its order (in each provider's unit: provider-amounts.ts).
import type { RefundPayment } from '../order/refund-order';
import { toProviderAmount } from './provider-amounts';
import { isSettled, type RazorpayPort } from './razorpay/razorpay-port';
import type { StripePort } from './stripe/stripe-port';
import { RuleBroken } from '@printshop/shared-events/errors';

export const REFUND_MESSAGES = {
  noRazorpayPayment: 'Razorpay has no captured payment for this order to refund.',
  nothingPaid: 'This order had nothing to pay: there is no money to give back.',
} as const;

export function refundThroughProviders(providers: {
  stripe: StripePort;
  razorpay: RazorpayPort;
}): RefundPayment {
  return async ({ payment, amount, currency, idempotencyKey }) => {
    if (payment.provider === 'none') throw new RuleBroken(REFUND_MESSAGES.nothingPaid);
    const providerAmount = toProviderAmount(amount, currency);
    if (payment.provider === 'stripe') {
      const refund = await providers.stripe.refund({
        paymentIntentId: payment.paymentId,
        amount: providerAmount,
        idempotencyKey,
      });
      return { refundId: refund.id };
    }
    // Orders placed before Razorpay's payment id was kept: the order's settled payment.
    const paymentId =
      payment.providerPaymentId ??
      (await providers.razorpay.fetchOrderPayments(payment.paymentId)).find(isSettled)?.id;
    if (!paymentId) throw new RuleBroken(REFUND_MESSAGES.noRazorpayPayment);
    const refund = await providers.razorpay.refundPayment({
      paymentId,
      amount: providerAmount,
      idempotencyKey,
    });
    return { refundId: refund.id };
  };
}
