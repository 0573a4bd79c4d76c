// /checkout-form: the checkout for signed-in customers (the router's guard asks for a login).
import { Page } from '@/components/page';
import { CheckoutPage } from './checkout-page';

export function Component() {
  return (
    <Page title="Checkout" heading="Checkout">
      <CheckoutPage />
    </Page>
  );
}
