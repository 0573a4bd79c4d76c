// /checkout: the modern checkout; guests welcome.
import { Page } from '@/components/page';
import { CheckoutPage } from './checkout-page';

export function Component() {
  return (
    <Page title="Checkout" heading="Checkout">
      <CheckoutPage />
    </Page>
  );
}
