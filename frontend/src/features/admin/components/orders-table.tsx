// Order summaries as a table (the dashboard's latest orders, the orders list): number linking to
// the detail, date, customer, items, total and status; optionally with a checkbox per row.
import type { z } from 'zod';
import { Link } from 'react-router';
import type { orderSummarySchema } from '@printshop/shared-events/api/admin';
import { formatDate, formatTime } from '@/lib/format-date';
import { formatAmount } from '../admin-format';
import { OrderStatusBadge } from './status-badge';
import { EmailAddress } from '@/components/email-address';

export type OrderSummary = z.infer<typeof orderSummarySchema>;

export interface RowSelection {
  selected: ReadonlySet<string>;
  toggle(id: string): void;
  toggleAll(): void;
}

export function OrdersTable({
  orders,
  caption,
  selection,
}: {
  orders: readonly OrderSummary[];
  caption: string;
  selection?: RowSelection;
}) {
  const allSelected =
    selection !== undefined && orders.length > 0 && orders.every((o) => selection.selected.has(o.id));
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className="select">
                <input
                  type="checkbox"
                  aria-label="Select all orders on this page"
                  checked={allSelected}
                  onChange={selection.toggleAll}
                />
              </th>
            )}
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Customer</th>
            <th scope="col" className="num">
              Items
            </th>
            <th scope="col" className="num">
              Total
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const selected = selection?.selected.has(order.id) ?? false;
            return (
              <tr key={order.id} className={selected ? 'is-selected' : undefined}>
                {selection && (
                  <td className="select">
                    <input
                      type="checkbox"
                      aria-label={`Select order ${order.orderNumber}`}
                      checked={selected}
                      onChange={() => selection.toggle(order.id)}
                    />
                  </td>
                )}
                <th scope="row" className="admin-order-number">
                  <Link to={`/admin/orders/${encodeURIComponent(order.id)}`}>{order.orderNumber}</Link>
                </th>
                <td>
                  <time dateTime={order.createdAt}>
                    {formatDate(order.createdAt)} {formatTime(order.createdAt)}
                  </time>
                </td>
                <td>
                  <EmailAddress email={order.email} />
                </td>
                <td className="num">{order.itemCount}</td>
                <td className="num">{formatAmount(order.total, order.currency)}</td>
                <td>
                  <OrderStatusBadge status={order.status} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
