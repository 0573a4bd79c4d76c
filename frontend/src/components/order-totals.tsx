// Subtotal, discounts, shipping and total of a cart or an order, in the amounts' own currency. Each
// discount has its own line, named as on the receipt mail: bulk discount, the code, loyalty points.
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

/** One discount's line, left out when it takes nothing off. */
function DiscountRow({
  label,
  amount,
  format,
}: {
  label: string;
  amount: number;
  format: (amount: number) => string;
}) {
  if (amount <= 0) return null;
  return (
    <div className="order-totals__row order-totals__row--discount">
      <dt>{label}</dt>
      <dd>
        −<Price>{format(amount)}</Price>
      </dd>
    </div>
  );
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
  const codeDiscount = code && code.discount > 0 ? code.discount : 0;
  // Major units: rounding keeps "2.36 - 2.00" from showing as 0.35999….
  const bulkDiscount = Math.round((discount - codeDiscount - loyaltyDiscount) * 1000) / 1000;
  return (
    <dl className="order-totals">
      <div className="order-totals__row">
        <dt>Subtotal</dt>
        <dd>
          <Price>{format(subtotal)}</Price>
        </dd>
      </div>
      <DiscountRow label="Bulk discount" amount={bulkDiscount} format={format} />
      <DiscountRow label={`Code ${code?.code ?? ''}`} amount={codeDiscount} format={format} />
      <DiscountRow label="Loyalty points" amount={loyaltyDiscount} format={format} />
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
