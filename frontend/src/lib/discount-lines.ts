// The discounts of a cart or an order as their own lines, named as on the receipt mail: the bulk
// discount (quantity bands), the promotion code, the loyalty points. The API gives `discount` as
// the sum of all three, with the code's and the points' parts beside it.

export interface DiscountLine {
  label: string;
  /** Major units of the totals' currency, more than 0. */
  amount: number;
}

export function discountLines(
  discount: number,
  code: { code: string; discount: number } | undefined,
  loyaltyDiscount = 0,
): DiscountLine[] {
  const codeDiscount = code && code.discount > 0 ? code.discount : 0;
  // Major units: rounding keeps "2.36 - 2.00" from showing as 0.35999….
  const bulkDiscount = Math.round((discount - codeDiscount - loyaltyDiscount) * 1000) / 1000;
  return [
    { label: 'Bulk discount', amount: bulkDiscount },
    { label: `Code ${code?.code ?? ''}`, amount: codeDiscount },
    { label: 'Loyalty points', amount: loyaltyDiscount },
  ].filter((line) => line.amount > 0);
}
