// /checkout-legacy: the single-column checkout for signed-in customers (summary first).
import { Page } from '@/components/page';
import { CheckoutPage } from './checkout-page';

export function Component() {
  return (
    <Page title="Checkout" heading="Checkout" width="narrow">
      <CheckoutPage layout="legacy" />
    </Page>
  );
}
