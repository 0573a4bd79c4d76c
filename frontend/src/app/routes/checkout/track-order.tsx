// /track-order: an order's status by its number and e-mail.
import { Page } from '@/components/page';
import { TrackOrder } from '@/features/orders/components/track-order';

export function Component() {
  return (
    <Page
      title="Track Your Order"
      heading="Track Your Order"
      canonicalPath="/track-order"
      intro="Enter your order number and the e-mail you ordered with."
    >
      <TrackOrder />
    </Page>
  );
}
