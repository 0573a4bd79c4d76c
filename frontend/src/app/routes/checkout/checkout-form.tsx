// /checkout-form: the checkout for signed-in customers (the router's guard asks for a login).
import { Page } from '../../../components/page';
import { CheckoutFlow } from '../../../features/checkout/components/checkout-flow';

export function Component() {
  return (
    <Page title="Checkout" heading="Checkout">
      <CheckoutFlow />
    </Page>
  );
}
