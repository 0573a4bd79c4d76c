// UPI, net banking and wallets through Razorpay (API.md "Checkout, payments, orders"):
//   POST /api/payment/create-order    a Razorpay order for the server's checkout amount;
//   POST /api/payment/verify-payment  Razorpay's signature (HMAC-SHA256 of `order_id|payment_id`
//                                     with the key secret) checked in constant time, then the order
//                                     is placed for the amount the shop asked for;
//   POST /api/payment/test/pay        test mode only: stands in for Razorpay's checkout popup.
// Confirmations that never come are picked up by the status job (reconcile-payments.ts).
import Router from '@koa/router';
import { z } from 'zod';
import { requiredText } from '@printshop/shared-events/api/common';
import { verifyPaymentBodySchema } from '@printshop/shared-events/api/orders';
import { NotFound, RuleBroken } from '@printshop/shared-events/errors';
import { toMajor } from '@printshop/shared-events/rules/money';
import { placePaidOrder, type PlaceOrderDeps } from '../../order/place-order';
import { answerWithPosition, callerOf, metadataOf } from '../../caller';
import { answerWithOrder } from '../order-answer';
import { InvalidSignature, PaymentDeclined, PAYMENT_MESSAGES } from '../payment-errors';
import { toProviderAmount } from '../provider-amounts';
import {
  loadPaymentRequest,
  recordPaymentFailure,
  recordPaymentRequest,
  startPayment,
  type PaymentDeps,
} from '../payment-request';
import type { RazorpayPort } from './razorpay-port';
import { verifyRazorpaySignature } from './signature';

/** The one currency UPI and net banking are charged in. */
export const RAZORPAY_CURRENCY = 'INR';

export interface RazorpayRouterDeps extends PaymentDeps, Pick<PlaceOrderDeps, 'money'> {
  razorpay: RazorpayPort;
  /** The key secret signatures are checked with (a generated one in test mode). */
  keySecret: string;
}

export const testPayBodySchema = z.object({
  razorpay_order_id: requiredText(200),
  outcome: z.enum(['success', 'failure']).default('success'),
});

export function razorpayRouter(deps: RazorpayRouterDeps): Router {
  const router = new Router();
  const { store, razorpay } = deps;

  router.post('/api/payment/create-order', async (ctx) => {
    const { at, metadata, checkout } = await startPayment(ctx, deps);
    const { total, currency } = checkout.amounts;
    // UPI and net banking exist only in rupees: the shopper pays the INR amount the page showed,
    // never a conversion Razorpay or a bank would make of another currency.
    if (currency !== RAZORPAY_CURRENCY) throw new RuleBroken(PAYMENT_MESSAGES.rupeesOnly);
    const order = await razorpay.createOrder({
      amount: toProviderAmount(total, currency),
      currency,
      receipt: checkout.checkoutId.slice(0, 40),
      notes: { checkoutId: checkout.checkoutId },
    });
    const position = await recordPaymentRequest(
      store,
      { provider: 'razorpay', reference: order.id, checkout, testMode: razorpay.testMode, at },
      metadata,
    );
    answerWithPosition(
      ctx,
      200,
      {
        checkoutId: checkout.checkoutId,
        orderId: order.id,
        amount: toMajor(total, currency),
        currency,
        keyId: razorpay.keyId,
        testMode: razorpay.testMode,
      },
      position,
    );
  });

  router.post('/api/payment/verify-payment', async (ctx) => {
    const body = verifyPaymentBodySchema.parse(ctx.request.body ?? {});
    const {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature,
    } = body;
    if (!verifyRazorpaySignature(orderId, paymentId, signature, deps.keySecret)) {
      throw new InvalidSignature(PAYMENT_MESSAGES.badRazorpaySignature);
    }
    const caller = callerOf(ctx);
    const metadata = metadataOf(ctx, deps.now());
    // The signature proves Razorpay took this payment for this order; the amount is what the shop asked.
    const request = await loadPaymentRequest(store, 'razorpay', orderId);
    if (!request) throw new NotFound(PAYMENT_MESSAGES.paymentNotFound);
    const { order, position } = await placePaidOrder(
      deps,
      {
        provider: 'razorpay',
        reference: orderId,
        providerPaymentId: paymentId,
        amount: request.amount,
        currency: request.currency,
        testMode: request.testMode,
        checkoutId: request.checkoutId,
      },
      metadata,
    );
    answerWithOrder(ctx, caller, order, position);
  });

  router.post('/api/payment/test/pay', async (ctx) => {
    if (!razorpay.payTestOrder) throw new NotFound('Not found');
    const body = testPayBodySchema.parse(ctx.request.body ?? {});
    const request = await loadPaymentRequest(store, 'razorpay', body.razorpay_order_id);
    const paid = request && (await razorpay.payTestOrder(body.razorpay_order_id, body.outcome));
    if (!request || !paid) throw new NotFound(PAYMENT_MESSAGES.paymentNotFound);
    if (!paid.result) {
      const at = deps.now().toISOString();
      const message = paid.payment.errorDescription ?? PAYMENT_MESSAGES.notCompleted;
      await recordPaymentFailure(
        store,
        {
          provider: 'razorpay',
          reference: body.razorpay_order_id,
          checkoutId: request.checkoutId,
          message,
          at,
        },
        metadataOf(ctx, at),
      );
      throw new PaymentDeclined(message);
    }
    ctx.body = { success: true, ...paid.result };
  });

  return router;
}
