// POST /api/checkout/start: freezes the caller's priced cart (with the e-mail and address known so
// far) as a checkout; the source of the payment amount and of abandoned-checkout reports.
import Router from '@koa/router';
import { checkoutStartBodySchema } from '@printshop/shared-events/api/orders';
import type { EventStore } from '@printshop/shared-events/event-store';
import { toMajor } from '@printshop/shared-events/rules/money';
import { toAddressFields } from '../address/router';
import { answerWithPosition, callerOf, metadataOf } from '../caller';
import { releaseCheckoutHolds } from '../payment/payment-request';
import { loadCheckout, ownsCheckout } from './checkout';
import { startCheckout } from './start-checkout';

export interface CheckoutRouterDeps {
  store: EventStore;
  now(): Date;
  newId(): string;
}

export function checkoutRouter(deps: CheckoutRouterDeps): Router {
  const router = new Router();

  router.post('/api/checkout/start', async (ctx) => {
    const body = checkoutStartBodySchema.parse(ctx.request.body ?? {});
    const caller = callerOf(ctx);
    const at = deps.now().toISOString();
    // The tab's previous checkout, never paid, gives up what its payment held: without this a
    // shopper who went Back (or changed currency) was priced without their own points for an hour.
    if (body.replaces) {
      const previous = await loadCheckout(deps.store, body.replaces);
      if (previous.started && !previous.completed && ownsCheckout(previous.started, caller)) {
        await releaseCheckoutHolds(deps.store, body.replaces, 'checkout_replaced', at, metadataOf(ctx, at));
      }
    }
    const { checkout, position } = await startCheckout(
      deps.store,
      caller,
      {
        email: body.email,
        shippingAddress: body.shippingAddress && toAddressFields(body.shippingAddress),
        currency: body.currency,
        country: body.country,
      },
      { checkoutId: deps.newId(), at },
      metadataOf(ctx, at),
    );
    const { amounts } = checkout;
    const { currency } = amounts;
    const major = (minor: number) => toMajor(minor, currency);
    const totals = {
      subtotal: major(amounts.subtotal),
      discount: major(amounts.discount + (amounts.promotionDiscount ?? 0) + amounts.loyaltyDiscount),
      shippingFee: major(amounts.shipping),
      total: major(amounts.total),
      loyaltyPointsUsed: amounts.loyaltyPoints,
      loyaltyDiscount: major(amounts.loyaltyDiscount),
    };
    answerWithPosition(
      ctx,
      200,
      { checkoutId: checkout.checkoutId, amount: major(amounts.total), currency, totals },
      position,
    );
  });

  return router;
}
