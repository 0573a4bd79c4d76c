// POST /api/cart/promotion-code {code} and DELETE /api/cart/promotion-code (API.md "Promotion
// codes"): the code is judged on the caller's cart as it is now (its terms and uses read from the
// log) and recorded on the cart only when it applies; otherwise 422 with the code's message. It is
// judged again when the cart is shown and at checkout, where the payment reserves its use.
import Router from '@koa/router';
import { cartQuerySchema } from '@printshop/shared-events/api/cart';
import { promotionCodeBodySchema } from '@printshop/shared-events/api/promotions';
import { cartIdOf, type CartCallerState } from '@printshop/shared-events/cart-owner';
import { catalogOf } from '@printshop/shared-events/catalog-source';
import { load } from '@printshop/shared-events/decider';
import type { EventStore } from '@printshop/shared-events/event-store';
import {
  cartStreamName,
  evolveCart,
  initialCart,
  type CartEvent,
  type CartState,
} from '@printshop/shared-events/events/cart';
import { toMajor } from '@printshop/shared-events/rules/money';
import { priceCartWithCode } from '@printshop/shared-events/rules/promoted-cart';
import {
  customerKey,
  isPromotionCode,
  normalizePromotionCode,
} from '@printshop/shared-events/rules/promotions';
import { answerWithPosition, metadataOf } from '../caller';
import { promotionStatus } from '../promotion/promotion';
import { loadPromotion } from '../promotion/run';
import { runCartCommand } from './router';

export interface PromotionCodeRouterDeps {
  store: EventStore;
  now(): Date;
  /** Counts one code tried from `ip`; throws TooManyRequests over the limit. */
  countCodeTry(ip: string): Promise<void>;
}

export function promotionCodeRouter(deps: PromotionCodeRouterDeps): Router {
  const router = new Router();
  const { store } = deps;

  router.post('/api/cart/promotion-code', async (ctx) => {
    // Counted before the code is looked at: a wrong guess is a try too.
    await deps.countCodeTry(ctx.ip);
    const body = promotionCodeBodySchema.parse(ctx.request.body ?? {});
    const { currency = 'USD', country = 'US' } = cartQuerySchema.parse(ctx.query);
    const caller = ctx.state as CartCallerState;
    const cartId = cartIdOf(caller);
    const at = deps.now().toISOString();
    const code = normalizePromotionCode(body.code);
    const cart = await load<CartState, CartEvent>(store, cartStreamName(cartId), {
      initialState: initialCart,
      evolve: evolveCart,
    });
    const { view: catalog } = await catalogOf(store).current();
    // A guest's per-customer uses are known from the checkout's e-mail: judged there.
    const status = isPromotionCode(code)
      ? promotionStatus(await loadPromotion(store, code), at, {
          customer: customerKey({ userId: caller.auth?.userId }),
        })
      : undefined;
    const { priced, refusal } = priceCartWithCode(
      { lines: cart.lines, currency, country, loyaltyPoints: cart.loyaltyPoints, catalog },
      status,
      at,
    );
    const result = await runCartCommand(
      store,
      cartId,
      { type: 'ApplyPromotionCode', data: { code, ...(refusal !== undefined && { refusal }) } },
      metadataOf(ctx, at),
    );
    answerWithPosition(
      ctx,
      200,
      { code, discount: toMajor(priced.promotionDiscount, currency), currency },
      result.position,
    );
  });

  router.delete('/api/cart/promotion-code', async (ctx) => {
    const at = deps.now().toISOString();
    const result = await runCartCommand(
      store,
      cartIdOf(ctx.state as CartCallerState),
      { type: 'RemovePromotionCode' },
      metadataOf(ctx, at),
    );
    answerWithPosition(ctx, 200, {}, result.position);
  });

  return router;
}
