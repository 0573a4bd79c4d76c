// The order summary beside the checkout: the cart's lines and totals in the chosen currency,
// priced for the shipping country typed so far (the shipping fee depends on it).
import type { CartDto } from '@printshop/shared-events/api/cart';
import { OrderTotals } from '@/components/order-totals';
import { OrderLines } from '@/components/order-lines';
import { DeliveryPromise } from '@/components/delivery-promise';

export function OrderSummary({ cart, format }: { cart: CartDto; format: (amount: number) => string }) {
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
        subtotal={cart.subtotal}
        discount={cart.discount}
        shippingFee={cart.shippingFee}
        total={cart.grandTotal}
        freeShipping={cart.shippingInfo.isFree}
        format={format}
        code={cart.promotion}
      />
      <DeliveryPromise days={cart.shippingInfo.estimatedDays} />
    </aside>
  );
}
