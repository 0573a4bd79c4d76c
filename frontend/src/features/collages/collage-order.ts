// Size and quantity of a collage order (spec 2 §4, §5, §9): size A4 unless A5 or A3 is chosen (anything
// unknown is A4), quantity a whole number of at least 1 with no upper bound. The total is the unit
// price in the display currency x quantity (product-details-card.tsx), as the cart prices a line.
import { collageSize, type CollageSize } from '@printshop/shared-events/rules/collages';

/** Typed quantity text as the quantity it stands for: not a number, or below 1, is 1. */
export function parseQuantity(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isFinite(value) && value >= 1 ? value : 1;
}

export interface OrderTotal {
  size: CollageSize;
  quantity: number;
  unitUsdCents: number;
}

export function orderTotal(sizeId: string | null | undefined, quantity: number): OrderTotal {
  const size = collageSize(sizeId);
  const whole = Number.isInteger(quantity) && quantity >= 1 ? quantity : 1;
  return {
    size,
    quantity: whole,
    unitUsdCents: size.priceUsdCents,
  };
}
