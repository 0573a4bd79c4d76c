// Subtotal, discount, shipping and total of a cart or an order, in the amounts' own currency.
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
}

export function OrderTotals({
  subtotal,
  discount,
  shippingFee,
  total,
  format,
  freeShipping = shippingFee === 0,
  totalLabel = 'Total',
}: OrderTotalsProps) {
  return (
    <dl className="order-totals">
      <div className="order-totals__row">
        <dt>Subtotal</dt>
        <dd>{format(subtotal)}</dd>
      </div>
      {discount > 0 && (
        <div className="order-totals__row order-totals__row--discount">
          <dt>Discount</dt>
          <dd>−{format(discount)}</dd>
        </div>
      )}
      <div className="order-totals__row">
        <dt>Shipping</dt>
        <dd>{freeShipping && shippingFee === 0 ? 'Free' : format(shippingFee)}</dd>
      </div>
      <div className="order-totals__row order-totals__row--total">
        <dt>{totalLabel}</dt>
        <dd>{format(total)}</dd>
      </div>
    </dl>
  );
}
