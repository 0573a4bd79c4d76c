// A cart priced with the promotion code set on it, when the code may be used on it now; else priced
// without it, with the message saying why. One rule for the cart page, the code's own call and the
// checkout, so all three say the same.
import { priceCart, type CartPricingInput, type PricedCart, type PricingLine } from './cart-pricing';
import { ratesOf } from './catalog-view';
import { eligibleAmounts, PROMOTION_MESSAGES, promotionRefusal, type PromotionStatus } from './promotions';

export interface PromotedCart<L extends PricingLine> {
  priced: PricedCart<L>;
  /** Why the code does not apply (the cart was priced without it). */
  refusal?: string;
}

/** `status` undefined: no such code. */
export function priceCartWithCode<L extends PricingLine>(
  input: Omit<CartPricingInput<L>, 'promotion'>,
  status: PromotionStatus | undefined,
  at: string,
): PromotedCart<L> {
  const plain = priceCart(input);
  if (!status) return { priced: plain, refusal: PROMOTION_MESSAGES.invalid };
  const refusal = promotionRefusal(
    status,
    {
      at,
      currency: input.currency,
      subtotal: plain.subtotal,
      eligible: eligibleAmounts(status.terms, plain.items, plain.bands),
    },
    ratesOf(input.catalog),
  );
  if (refusal !== undefined) return { priced: plain, refusal };
  return { priced: priceCart({ ...input, promotion: { code: status.code, terms: status.terms } }) };
}
