// /checkout-legacy: the single-column checkout for signed-in customers (summary first).
import { Page } from '../../../components/page';
import { CheckoutFlow } from '../../../features/checkout/components/checkout-flow';

export function Component() {
  return (
    <Page title="Checkout" heading="Checkout" width="narrow">
      <CheckoutFlow layout="legacy" />
    </Page>
  );
}
