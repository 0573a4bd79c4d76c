// The account's orders, newest first: number, date, status, total and a link to the order. Orders
// placed as a guest stay out (an e-mail address is not proof of owning it): the page says where they are.
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { ButtonLink } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { serverMessageOr } from '@/lib/server-message';
import { useOrders } from '../api/orders';
import { formatDate } from '@/lib/format-date';
import { ORDER_STATUS_LABELS } from '@/lib/order-status';
import { formatOrderMoney } from './order-details';
import './orders.css';

export const ORDERS_LOAD_FAILED = 'Could not load your orders.';

export function OrdersList() {
  const orders = useOrders();
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="account-section__heading">
        Your Orders
      </h2>
      {orders.isPending ? (
        <Spinner label="Loading your orders…" />
      ) : orders.isError ? (
        <Alert>{serverMessageOr(orders.error, ORDERS_LOAD_FAILED)}</Alert>
      ) : orders.data.length === 0 ? (
        <div className="account-empty">
          <p>You have not placed any orders yet.</p>
          <ButtonLink to="/prints">Start Creating</ButtonLink>
        </div>
      ) : (
        <ul className="orders-list">
          {orders.data.map((order) => {
            const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
            return (
              <li key={order.id} className="orders-list__order">
                <div>
                  <Link
                    to={`/account/orders/${encodeURIComponent(order.id)}`}
                    className="orders-list__number"
                  >
                    Order {order.orderNumber}
                  </Link>
                  <p className="orders-list__meta">
                    <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time> · {count}{' '}
                    {count === 1 ? 'item' : 'items'}
                  </p>
                </div>
                <span className={`status status--${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span>
                <strong className="orders-list__total">{formatOrderMoney(order)(order.total)}</strong>
              </li>
            );
          })}
        </ul>
      )}
      {orders.isSuccess && (
        <p className="orders-list__guest-note">
          Orders placed without signing in are not listed here: find one with{' '}
          <Link to="/track-order">Track Order</Link>, by its number and e-mail address.
        </p>
      )}
    </section>
  );
}
