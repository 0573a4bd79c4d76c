// Subtotal, discounts, shipping and total of a cart or an order, in the amounts' own currency. Each
// discount has its own line, named as on the receipt mail (lib/discount-lines.ts).
import { discountLines } from '@/lib/discount-lines';
import { Price } from './price';
import './order-totals.css';

export interface OrderTotalsProps {
  subtotal: number;
  discount: number;
  shippingFee: number;
  total: number;
  /** Formats a major-unit amount of the totals' currency. */
  format: (amount: number) => string;
  /** Shipping shows 'Free' when 0 and this is true (a cart that has reached its threshold). */
  freeShipping?: boolean;
  totalLabel?: string;
  /** A promotion code's part of `discount`, shown on its own line ("Code SUMMER10 −€2.00"). */
  code?: { code: string; discount: number } | undefined;
  /** The loyalty points' part of `discount`, shown on its own line. */
  loyaltyDiscount?: number | undefined;
}

export function OrderTotals({
  subtotal,
  discount,
  shippingFee,
  total,
  format,
  freeShipping = shippingFee === 0,
  totalLabel = 'Total',
  code,
  loyaltyDiscount = 0,
}: OrderTotalsProps) {
  return (
    <dl className="order-totals">
      <div className="order-totals__row">
        <dt>Subtotal</dt>
        <dd>
          <Price>{format(subtotal)}</Price>
        </dd>
      </div>
      {discountLines(discount, code, loyaltyDiscount).map(({ label, amount }) => (
        <div key={label} className="order-totals__row order-totals__row--discount">
          <dt>{label}</dt>
          <dd>
            −<Price>{format(amount)}</Price>
          </dd>
        </div>
      ))}
      <div className="order-totals__row">
        <dt>Shipping</dt>
        <dd>{freeShipping && shippingFee === 0 ? 'Free' : <Price>{format(shippingFee)}</Price>}</dd>
      </div>
      <div className="order-totals__row order-totals__row--total">
        <dt>{totalLabel}</dt>
        <dd>
          <Price>{format(total)}</Price>
        </dd>
      </div>
    </dl>
  );
}
