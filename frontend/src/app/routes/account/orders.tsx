// /account/orders: the customer's orders.
import { PageMeta } from '@/components/page-meta';
import { OrdersList } from '@/features/orders/components/orders-list';

export function Component() {
  return (
    <>
      <PageMeta title="Your Orders" />
      <OrdersList />
    </>
  );
}
