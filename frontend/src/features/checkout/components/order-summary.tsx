// The order summary beside the checkout: the cart's lines and totals in the chosen currency,
// priced for the shipping country typed so far (the shipping fee depends on it). Once a checkout is
// started, its totals are shown instead: they are what the payment charges (a checkout is priced
// without the points another open payment holds, and says so).
import type { CartDto } from '@printshop/shared-events/api/cart';
import type { CheckoutTotals } from '@printshop/shared-events/api/orders';
import { OrderTotals } from '@/components/order-totals';
import { OrderLines } from '@/components/order-lines';
import { DeliveryPromise } from '@/components/delivery-promise';
import { pluralOf } from '@printshop/shared-events/rules/plural';

export const SUMMARY_MESSAGES = {
  pointsHeld: (held: number) =>
    `${held.toLocaleString('en-US')} of your points ${pluralOf(held, 'is', 'are')} held by a payment you started elsewhere (another tab or device), so this order is priced without them.`,
} as const;

export function OrderSummary({
  cart,
  checkout,
  format,
}: {
  cart: CartDto;
  /** The started checkout's totals, in the cart's currency. */
  checkout?: CheckoutTotals | undefined;
  format: (amount: number) => string;
}) {
  const totals = checkout ?? {
    subtotal: cart.subtotal,
    discount: cart.discount,
    shippingFee: cart.shippingFee,
    total: cart.grandTotal,
    loyaltyPointsUsed: cart.loyaltyPointsUsed,
    loyaltyDiscount: cart.loyaltyDiscount,
  };
  const held = cart.loyaltyPointsUsed - totals.loyaltyPointsUsed;
  return (
    <aside className="checkout-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="checkout-section__heading">
        Order summary
      </h2>
      <OrderLines
        lines={cart.items.map((item) => ({
          key: item.id,
          name: item.name,
          quantity: item.quantity,
          lineTotal: item.lineTotal,
          imageUrl: item.imageUrl,
        }))}
        format={format}
      />
      <OrderTotals
        subtotal={totals.subtotal}
        discount={totals.discount}
        shippingFee={totals.shippingFee}
        total={totals.total}
        freeShipping={cart.shippingInfo.isFree}
        format={format}
        code={cart.promotion}
        loyaltyDiscount={totals.loyaltyDiscount}
      />
      {held > 0 && <p className="checkout-summary__note">{SUMMARY_MESSAGES.pointsHeld(held)}</p>}
      <DeliveryPromise days={cart.shippingInfo.estimatedDays} />
    </aside>
  );
}
