// /account/orders/:orderId: one order with its status timeline, and a review per line once paid.
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/alert';
import { PageMeta } from '@/components/page-meta';
import { Spinner } from '@/components/spinner';
import { useOrder } from '@/features/orders/api/orders';
import { OrderDetails } from '@/features/orders/components/order-details';
import { OrderLineReviews } from '@/features/reviews/components/order-line-reviews';
import { serverMessageOr } from '@/lib/server-message';

export const ORDER_LOAD_FAILED = 'Could not load this order.';

export function Component() {
  const { orderId } = useParams();
  const order = useOrder(orderId);
  return (
    <section aria-labelledby="order-heading">
      <PageMeta title={order.data ? `Order ${order.data.orderNumber}` : 'Order'} />
      <p>
        <Link to="/account/orders" className="back-link">
          ← All orders
        </Link>
      </p>
      <h2 id="order-heading" className="account-section__heading">
        {order.data ? `Order ${order.data.orderNumber}` : 'Order'}
      </h2>
      {order.isPending ? (
        <Spinner label="Loading the order…" />
      ) : order.isError ? (
        <Alert>{serverMessageOr(order.error, ORDER_LOAD_FAILED)}</Alert>
      ) : (
        <>
          <OrderDetails order={order.data} />
          <OrderLineReviews order={order.data} />
        </>
      )}
    </section>
  );
}
