// /checkout-auth: a sign-in step (or 'continue as guest') before the checkout.
import { Page } from '../../../components/page';
import { CheckoutWithSignIn } from '../../../features/checkout/components/checkout-sign-in';

export function Component() {
  return (
    <Page title="Checkout" heading="Checkout">
      <CheckoutWithSignIn />
    </Page>
  );
}
