// Loyalty points. The spec names earning and redeeming but no numbers; ours, in one place:
// - earn 1 point per whole USD of the paid subtotal (after discounts, before shipping);
// - 1 point is worth 1 US cent, so earning gives 1% back;
// - at least 500 points (5 USD) per redemption, so tiny redemptions do not clutter orders;
// - points pay at most 50% of the cart subtotal, so an order always carries a real payment;
// - a payment holds its points for 60 minutes; a payment still open after that may lose them to
//   another checkout (its order then records the points it could not take, see unbackedPoints);
// - a refund takes back earned points and gives back redeemed ones in proportion to the money refunded.
// All amounts are integer USD cents; other currencies convert the discount with money.ts.

export const EARN_POINTS_PER_USD = 1;
export const POINT_VALUE_USD_CENTS = 1;
export const MIN_REDEEM_POINTS = 500;
/** Largest share of the cart subtotal points may pay, in basis points (50%). */
export const MAX_REDEEM_SHARE_BPS = 5000;
/** How long a started payment holds the points of its checkout. */
export const POINTS_HOLD_MINUTES = 60;

const wholeOrZero = (value: number): number => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/** Points earned on a paid subtotal; a fraction of a dollar earns nothing. */
export function pointsEarned(subtotalUsdCents: number): number {
  return Math.floor(wholeOrZero(subtotalUsdCents) / 100) * EARN_POINTS_PER_USD;
}

/**
 * What a balance can take off this cart: as many of the points as the 50% cap allows, or nothing
 * when that is below the minimum. Never negative; bad inputs count as zero.
 */
export function redeemableDiscount(
  points: number,
  cartSubtotalUsdCents: number,
): { points: number; discountUsdCents: number } {
  const maxDiscount = Math.floor((wholeOrZero(cartSubtotalUsdCents) * MAX_REDEEM_SHARE_BPS) / 10_000);
  const usable = Math.min(wholeOrZero(points), Math.floor(maxDiscount / POINT_VALUE_USD_CENTS));
  if (usable < MIN_REDEEM_POINTS) return { points: 0, discountUsdCents: 0 };
  return { points: usable, discountUsdCents: usable * POINT_VALUE_USD_CENTS };
}

/** The share `part / whole` of `points`, rounded; all of them when the part is the whole (or more). */
export function proportionalPoints(points: number, part: number, whole: number): number {
  if (!(whole > 0) || part >= whole) return wholeOrZero(points);
  return Math.round((wholeOrZero(points) * wholeOrZero(part)) / whole);
}
