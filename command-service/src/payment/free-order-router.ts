// An order with nothing to pay (API.md "Checkout, payments, orders"): a code and points cover the
// whole total, which providers cannot charge (they take no payment of 0), so
//   POST /api/payment/free-order  {checkoutId} or the start's body: the checkout's code and points
//                                 held as for a payment, then the order placed through the same
//                                 placement as a paid one (provider `none`, the checkout's id as
//                                 its reference), so two tabs and double presses make one order.
import Router from '@koa/router';
import { placePaidOrder, type PlaceOrderDeps } from '../order/place-order';
import { callerOf } from '../caller';
import { answerWithOrder } from './order-answer';
import { startPayment, type PaymentDeps } from './payment-request';

export type FreeOrderRouterDeps = PaymentDeps & Pick<PlaceOrderDeps, 'money'>;

export function freeOrderRouter(deps: FreeOrderRouterDeps): Router {
  const router = new Router();

  router.post('/api/payment/free-order', async (ctx) => {
    const { metadata, checkout } = await startPayment(ctx, deps, 'nothing');
    const { order, position } = await placePaidOrder(
      deps,
      {
        provider: 'none',
        reference: checkout.checkoutId,
        amount: 0,
        currency: checkout.amounts.currency,
        testMode: false,
        checkoutId: checkout.checkoutId,
      },
      metadata,
    );
    answerWithOrder(ctx, callerOf(ctx), order, position);
  });

  return router;
}
