// The caller's cart, priced by the server (the cart module's priceCart) and frozen as checkout
// lines and amounts. Loyalty points set on the cart count only as far as the points no open payment
// holds go now (a checkout priced without them says so: loyaltyPoints 0); the payment reserves them.
// A promotion code set on the cart must still apply (judged on the log: dates, minimum, items, uses
// held or spent by others, this customer's uses), else the checkout is refused with the code's
// message; the payment reserves its use.
import { catalogOf } from '@printshop/shared-events/catalog-source';
import { load } from '@printshop/shared-events/decider';
import { RuleBroken } from '@printshop/shared-events/errors';
import type { EventStore } from '@printshop/shared-events/event-store';
import {
  cartStreamName,
  evolveCart,
  initialCart,
  type CartEvent,
  type CartState,
} from '@printshop/shared-events/events/cart';
import type { OrderAmounts, OrderLine } from '@printshop/shared-events/events/checkout';
import { priceCart } from '@printshop/shared-events/rules/cart-pricing';
import { priceCartWithCode } from '@printshop/shared-events/rules/promoted-cart';
import { customerKey } from '@printshop/shared-events/rules/promotions';
import { pricedSku } from '@printshop/shared-events/rules/catalog';
import { ratesOf } from '@printshop/shared-events/rules/catalog-view';
import type { CurrencyCode } from '@printshop/shared-events/rules/currencies';
import { rateOf } from '@printshop/shared-events/rules/money';
import { availableLoyaltyPoints } from '../loyalty/balance';
import { promotionStatus } from '../promotion/promotion';
import { loadPromotion } from '../promotion/run';
import { imageRecipe, slotRecipe } from './print-recipe';

export const CHECKOUT_MESSAGES = {
  emptyCart: 'Your cart is empty.',
  notFound: 'Checkout not found',
  alreadyPaid: 'This checkout has already been paid.',
  incomplete: 'This checkout has no e-mail or shipping address yet.',
  orderedElsewhere: (orderNumber: string) =>
    `These items were already ordered in another tab or window (order ${orderNumber}). Please review your cart before paying again.`,
  paidElsewhere: (orderNumber: string) =>
    `These items were already ordered in another tab or window (order ${orderNumber}). This payment has been refunded in full.`,
  paidTwice: (orderNumber: string) =>
    `This checkout was already paid (order ${orderNumber}). This payment has been refunded in full.`,
} as const;

export interface CartSnapshot {
  lines: OrderLine[];
  amounts: OrderAmounts;
  /** The country whose shipping rule priced it. */
  country: string;
}

export async function snapshotCart(
  store: EventStore,
  input: {
    cartId: string;
    userId?: string;
    email?: string;
    currency: CurrencyCode;
    country: string;
    at: string;
  },
): Promise<CartSnapshot> {
  const cart = await load<CartState, CartEvent>(store, cartStreamName(input.cartId), {
    initialState: initialCart,
    evolve: evolveCart,
  });
  const points =
    input.userId && cart.loyaltyPoints > 0
      ? Math.min(cart.loyaltyPoints, await availableLoyaltyPoints(store, input.userId, input.at))
      : 0;
  // Today's catalog and settings; from here on the checkout keeps these prices, whatever changes.
  const { view: catalog } = await catalogOf(store).current();
  const pricing = {
    lines: cart.lines,
    currency: input.currency,
    country: input.country,
    loyaltyPoints: points,
    catalog,
  };
  const code = cart.promotionCode;
  const { priced, refusal } = code
    ? priceCartWithCode(
        pricing,
        promotionStatus(await loadPromotion(store, code), input.at, {
          customer: customerKey({ userId: input.userId, email: input.email }),
        }),
        input.at,
      )
    : { priced: priceCart(pricing), refusal: undefined };
  if (priced.items.length === 0) throw new RuleBroken(CHECKOUT_MESSAGES.emptyCart);
  if (refusal !== undefined) throw new RuleBroken(refusal);

  const lines = await Promise.all(
    priced.items.map(async (item): Promise<OrderLine> => {
      const { line } = item;
      const [recipe, slots] = await Promise.all([
        imageRecipe(store, line.croppedImageId, line.rawImageId),
        slotRecipe(store, line),
      ]);
      return {
        lineId: line.lineId,
        sku: item.sku,
        name: item.name,
        category: pricedSku(item.sku, catalog)?.product.category,
        quantity: item.quantity,
        unitPrice: item.pricePerUnit,
        lineTotal: item.lineTotal,
        unitPriceUsd: item.unitUsdCents,
        rawImageId: line.rawImageId,
        croppedImageId: line.croppedImageId,
        ...recipe,
        ...(line.customizationData && { customizationData: line.customizationData }),
        ...(line.stripImages && { images: line.stripImages }),
        ...(slots && { slots }),
      };
    }),
  );
  return {
    lines,
    country: priced.country,
    amounts: {
      currency: input.currency,
      subtotal: priced.subtotal,
      discount: priced.bandDiscount,
      loyaltyDiscount: priced.loyaltyDiscount,
      ...(priced.promotionCode !== undefined && {
        promotionCode: priced.promotionCode,
        promotionDiscount: priced.promotionDiscount,
      }),
      loyaltyPoints: priced.loyaltyPointsUsed,
      shipping: priced.shippingFee,
      total: priced.grandTotal,
      usdPaidSubtotal: priced.usd.subtotal - priced.usd.discount,
      usdTotal: priced.usd.grandTotal,
      // The rate the checkout was priced with; it keeps it whatever the owner changes later.
      rate: rateOf(input.currency, ratesOf(catalog)),
    },
  };
}
