// /order-confirmation: the order just paid.
import { Page } from '../../../components/page';
import { OrderConfirmation } from '../../../features/checkout/components/order-confirmation';

export function Component() {
  return (
    <Page title="Order Confirmation" heading="Order Confirmation">
      <OrderConfirmation />
    </Page>
  );
}
