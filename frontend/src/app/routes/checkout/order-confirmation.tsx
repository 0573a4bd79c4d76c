// /order-confirmation: the order just paid. After Stripe's own redirect (3-D Secure) the card
// payment is confirmed first (checkout feature), then the order shows (orders feature).
import { Page } from '@/components/page';
import { confirmCardPayment } from '@/features/checkout/api/card-payment';
import { OrderConfirmation } from '@/features/orders/components/order-confirmation';

export function Component() {
  return (
    <Page title="Order Confirmation" heading="Order Confirmation">
      <OrderConfirmation confirmRedirect={confirmCardPayment} />
    </Page>
  );
}
