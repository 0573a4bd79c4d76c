// After payment: the order number, lines, totals and e-mail, with a link to track the order.
// The order comes with the navigation, else it is read again by id (?orderId=&email=), and after
// Stripe's own redirect (3-D Secure) the payment is confirmed first (by the caller's function). Purchase tracking is sent
// once per order number (spec 2 §7).
import { shippingRuleFor } from '@printshop/shared-events/rules/shipping';
import { DeliveryPromise } from '@/components/delivery-promise';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { OrderDto } from '@printshop/shared-events/api/orders';
import { Alert } from '@/components/alert';
import { ButtonLink } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { serverMessageOr } from '@/lib/server-message';
import { useOrder } from '../api/orders';
import { OrderDetails } from './order-details';
import { useSession } from '@/lib/session/use-session';
import { trackPurchaseOnce } from '@/lib/tracking/purchase-tracking';
import { EmailAddress } from '@/components/email-address';

export const CONFIRMATION_LOAD_FAILED =
  'We could not load your order. Your payment is safe; please check your e-mail.';

export function OrderConfirmation({
  confirmRedirect,
}: {
  /** Confirms a card payment Stripe redirected back from (?payment_intent=…). */
  confirmRedirect?: (paymentIntentId: string) => Promise<OrderDto>;
}) {
  const { user } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const passed = (location.state as { order?: OrderDto } | null)?.order;
  const redirectIntent = params.get('payment_intent');
  const confirmed = useQuery({
    queryKey: ['confirm-payment', redirectIntent],
    queryFn: () => confirmRedirect!(redirectIntent!),
    enabled: Boolean(redirectIntent && confirmRedirect) && !passed && !params.get('orderId'),
    retry: false,
    staleTime: Infinity,
  });
  const initial = passed ?? confirmed.data;
  const orderId = params.get('orderId') ?? initial?.id;
  const order = useOrder(orderId, params.get('email') ?? initial?.email, initial);

  useEffect(() => {
    if (order.data) trackPurchaseOnce(order.data, user?.id);
  }, [order.data, user?.id]);

  if (!orderId && !redirectIntent) {
    return (
      <div>
        <p>There is no recent order to show here.</p>
        <ButtonLink to="/track-order" variant="secondary">
          Track an order
        </ButtonLink>
      </div>
    );
  }
  if (confirmed.isError) return <Alert>{serverMessageOr(confirmed.error, CONFIRMATION_LOAD_FAILED)}</Alert>;
  if (!order.data) {
    if (order.isError) return <Alert>{serverMessageOr(order.error, CONFIRMATION_LOAD_FAILED)}</Alert>;
    return <Spinner page label="Loading your order…" />;
  }

  const data = order.data;
  const track = `/track-order?${new URLSearchParams({ orderNumber: data.orderNumber, email: data.email }).toString()}`;
  return (
    <div className="order-confirmation">
      <Alert tone="success">
        Thank you! Your order <strong className="order-confirmation__number">{data.orderNumber}</strong> is
        confirmed. We have sent the details to{' '}
        <strong>
          <EmailAddress email={data.email} />
        </strong>
        .
      </Alert>
      <DeliveryPromise
        days={shippingRuleFor(data.shippingAddress.country).estimatedDays}
        from={data.createdAt}
      />
      <OrderDetails order={data} showTimeline={false} />
      <p className="order-confirmation__next">
        <ButtonLink to={track}>Track your order</ButtonLink>
        {user ? (
          <Link to="/account/orders">See all your orders</Link>
        ) : (
          <Link to="/prints">Continue shopping</Link>
        )}
      </p>
    </div>
  );
}
