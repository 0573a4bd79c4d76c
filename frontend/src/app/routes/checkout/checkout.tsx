// /checkout: the modern checkout; guests welcome.
import { Page } from '../../../components/page';
import { CheckoutFlow } from '../../../features/checkout/components/checkout-flow';

export function Component() {
  return (
    <Page title="Checkout" heading="Checkout">
      <CheckoutFlow />
    </Page>
  );
}
