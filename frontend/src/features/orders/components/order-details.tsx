// One order in full: number, date, e-mail, status timeline, lines, totals and where it ships.
// Shared by the confirmation, the account's order page and the tracking page.
import type { OrderDto } from '@printshop/shared-events/api/orders';
import { formatMoney, toMinor } from '@printshop/shared-events/rules/money';
import { OrderTotals } from '@/components/order-totals';
import { AddressCard } from '@/components/address-card';
import { formatDateTime } from '@/lib/format-date';
import { OrderLines, orderLinesOf } from '@/components/order-lines';
import { OrderTimeline } from './order-timeline';
import './orders.css';
import { EmailAddress } from '@/components/email-address';

export const formatOrderMoney = (order: Pick<OrderDto, 'currency'>) => (amount: number) =>
  formatMoney(toMinor(amount, order.currency), order.currency);

const PAYMENT_LABELS: Record<OrderDto['payment']['provider'], string> = {
  stripe: 'Card',
  razorpay: 'UPI / Net banking',
  none: 'Nothing to pay',
};

export function OrderDetails({ order, showTimeline = true }: { order: OrderDto; showTimeline?: boolean }) {
  const format = formatOrderMoney(order);
  return (
    <article className="order-details" aria-label={`Order ${order.orderNumber}`}>
      <dl className="order-facts">
        <div>
          <dt>Order number</dt>
          <dd data-testid="order-number">{order.orderNumber}</dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>
            <EmailAddress email={order.email} />
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{PAYMENT_LABELS[order.payment.provider]}</dd>
        </div>
      </dl>
      {showTimeline && <OrderTimeline order={order} />}
      <div className="order-details__columns">
        <section aria-labelledby={`items-${order.id}`}>
          <h3 id={`items-${order.id}`} className="order-section__heading">
            Items
          </h3>
          <OrderLines lines={orderLinesOf(order.items)} format={format} />
          <OrderTotals
            subtotal={order.subtotal}
            discount={order.discount}
            shippingFee={order.shippingFee}
            total={order.total}
            format={format}
            code={order.promotion}
            loyaltyDiscount={order.loyaltyDiscount}
          />
        </section>
        <section aria-labelledby={`ship-${order.id}`}>
          <h3 id={`ship-${order.id}`} className="order-section__heading">
            Shipping to
          </h3>
          <AddressCard address={order.shippingAddress} />
        </section>
      </div>
    </article>
  );
}
