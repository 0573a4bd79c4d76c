// Card payments with Stripe (API.md "Checkout, payments, orders"):
//   POST /api/stripe/create-payment-intent  the server's checkout amount, one intent per checkout
//                                           (idempotency key), never a client's amount;
//   POST /api/stripe/confirm-payment        retrieves the intent from Stripe and places the order
//                                           only when Stripe says it succeeded;
//   POST /api/stripe/webhook                Stripe's signed events, verified on the raw body.
// Whichever of confirm and webhook comes first (or twice) places the one order (place-order.ts).
import Router from '@koa/router';
import type { Context } from 'koa';
import { confirmPaymentBodySchema } from '@printshop/shared-events/api/orders';
import { Conflict, NotFound } from '@printshop/shared-events/errors';
import type { Logger } from '@printshop/shared-events/logger';
import { toMajor } from '@printshop/shared-events/rules/money';
import { uuidFromName } from '../../order/derived-ids';
import { PaidElsewhere } from '../../order/paid-elsewhere';
import { placePaidOrder, type PlaceOrderDeps } from '../../order/place-order';
import { answerWithPosition, callerOf, metadataOf } from '../../caller';
import { answerWithOrder } from '../order-answer';
import { PaymentDeclined, InvalidSignature, PAYMENT_MESSAGES } from '../payment-errors';
import { fromProviderAmount, toProviderAmount } from '../provider-amounts';
import {
  loadPaymentRequest,
  recordPaymentFailure,
  recordPaymentRequest,
  startPayment,
  type PaymentDeps,
} from '../payment-request';
import { intentFromObject, type StripeIntent, type StripePort } from './stripe-port';

export interface StripeRouterDeps extends PaymentDeps, Pick<PlaceOrderDeps, 'money'> {
  stripe: StripePort;
  /** pk_…, handed to the browser with each intent when configured. */
  publishableKey?: string;
  logger: Logger;
}

export function stripeRouter(deps: StripeRouterDeps): Router {
  const router = new Router();
  const { store, stripe } = deps;

  /** A succeeded intent as the shop's payment (amount back in the shop's minor units). */
  const succeeded = (intent: StripeIntent) => ({
    provider: 'stripe' as const,
    reference: intent.id,
    amount: fromProviderAmount(intent.amount, intent.currency),
    currency: intent.currency,
    testMode: stripe.testMode,
    checkoutId: intent.metadata.checkoutId,
  });

  router.post('/api/stripe/create-payment-intent', async (ctx) => {
    const { at, metadata, checkout } = await startPayment(ctx, deps);
    const { total, currency } = checkout.amounts;
    const intent = await stripe.createPaymentIntent({
      amount: toProviderAmount(total, currency),
      currency,
      checkoutId: checkout.checkoutId,
      // One intent per checkout: a retried or repeated request gets the same intent back.
      idempotencyKey: `printshop-checkout-${checkout.checkoutId}`,
    });
    const position = await recordPaymentRequest(
      store,
      { provider: 'stripe', reference: intent.id, checkout, testMode: stripe.testMode, at },
      metadata,
    );
    answerWithPosition(
      ctx,
      200,
      {
        checkoutId: checkout.checkoutId,
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amount: toMajor(total, currency),
        currency,
        testMode: stripe.testMode,
        ...(deps.publishableKey && { publishableKey: deps.publishableKey }),
      },
      position,
    );
  });

  router.post('/api/stripe/confirm-payment', async (ctx: Context) => {
    const body = confirmPaymentBodySchema.parse(ctx.request.body ?? {});
    const caller = callerOf(ctx);
    const at = deps.now().toISOString();
    const metadata = metadataOf(ctx, at);
    // Test cards stand in for Stripe.js in test mode; with real keys the browser paid at Stripe.
    if (body.testCard && stripe.confirmWithTestCard)
      await stripe.confirmWithTestCard(body.paymentIntentId, body.testCard);
    const intent = await stripe.retrievePaymentIntent(body.paymentIntentId);
    if (!intent) throw new NotFound(PAYMENT_MESSAGES.paymentNotFound);
    if (intent.status === 'succeeded') {
      const { order, position } = await placePaidOrder(deps, succeeded(intent), metadata);
      answerWithOrder(ctx, caller, order, position);
      return;
    }
    if (intent.status === 'processing') throw new Conflict(PAYMENT_MESSAGES.processing);
    const request = await loadPaymentRequest(store, 'stripe', intent.id);
    if (!request && !intent.metadata.checkoutId) throw new NotFound(PAYMENT_MESSAGES.paymentNotFound);
    const message = intent.lastError?.message ?? PAYMENT_MESSAGES.notCompleted;
    if (intent.lastError) {
      await recordPaymentFailure(
        store,
        {
          provider: 'stripe',
          reference: intent.id,
          checkoutId: request?.checkoutId ?? intent.metadata.checkoutId,
          message,
          ...(intent.lastError.code && { code: intent.lastError.code }),
          at,
        },
        metadata,
      );
    }
    throw new PaymentDeclined(message);
  });

  router.post('/api/stripe/webhook', async (ctx) => {
    const signature = ctx.get('stripe-signature');
    const raw = (ctx.request as { rawBody?: string }).rawBody;
    if (!signature || raw === undefined) throw new InvalidSignature(PAYMENT_MESSAGES.badWebhookSignature);
    const event = stripe.constructWebhookEvent(raw, signature);
    const at = deps.now().toISOString();
    const metadata = { ...metadataOf(ctx, at, 'stripe'), causationId: event.id };
    if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
      const intent = intentFromObject(event.data.object as Parameters<typeof intentFromObject>[0]);
      const request = await loadPaymentRequest(store, 'stripe', intent.id);
      if (!request && !intent.metadata.checkoutId) {
        // Not an intent of this shop (another integration on the same account): nothing to do.
        deps.logger.warn(
          { intent: intent.id, event: event.id },
          'stripe webhook for an unknown payment intent',
        );
      } else if (event.type === 'payment_intent.succeeded') {
        try {
          const { order, position } = await placePaidOrder(deps, succeeded(intent), metadata);
          ctx.set('X-Event-Position', String(position));
          deps.logger.info(
            { orderId: order.orderId, event: event.id },
            'stripe payment confirmed by webhook',
          );
        } catch (error) {
          // Handled: the money went back because another tab's order took the items first.
          if (error instanceof PaidElsewhere) {
            deps.logger.warn({ intent: intent.id, orderNumber: error.orderNumber }, error.message);
          } else {
            // Money taken that does not match its checkout needs a person: say so loudly (Stripe retries).
            if (error instanceof Conflict)
              deps.logger.error({ err: error, intent: intent.id }, 'stripe payment not placed');
            throw error;
          }
        }
      } else {
        const position = await recordPaymentFailure(
          store,
          {
            provider: 'stripe',
            reference: intent.id,
            checkoutId: request?.checkoutId ?? intent.metadata.checkoutId,
            message: intent.lastError?.message ?? PAYMENT_MESSAGES.notCompleted,
            ...(intent.lastError?.code && { code: intent.lastError.code }),
            at,
            // A redelivered event is one failure, not two.
            eventId: uuidFromName(`stripe-event:${event.id}`),
          },
          metadata,
        );
        ctx.set('X-Event-Position', String(position));
      }
    }
    ctx.status = 200;
    ctx.body = { success: true, received: true };
  });

  return router;
}
