// The production queue: paid orders not yet in production, oldest first (who has waited longest
// is printed first), each with its detail and its print files (the ZIP of the order).
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format-date';
import { formatAmount } from '@/features/admin/admin-format';
import { AdminPage } from '@/features/admin/components/admin-page';
import { Pager } from '@/features/admin/components/pager';
import { QueryState } from '@/features/admin/components/query-state';
import { useProductionQueue } from '../api/admin-orders';
import { PrintFilesButton } from './order-detail-view';
import { EmailAddress } from '@/components/email-address';

export const PRODUCTION_MESSAGES = {
  intro: 'Paid orders waiting to go into production, oldest first.',
  empty: 'Nothing is waiting: every paid order is in production.',
  failed: 'Could not load the production queue.',
} as const;

export function ProductionQueue() {
  const [page, setPage] = useState(1);
  const queue = useProductionQueue(page);
  return (
    <AdminPage title="Production Queue">
      <p className="text-muted">{PRODUCTION_MESSAGES.intro}</p>
      <QueryState query={queue} failed={PRODUCTION_MESSAGES.failed} loadingLabel="Loading the queue…">
        {(data) =>
          data.orders.length === 0 ? (
            <p className="admin-empty">{PRODUCTION_MESSAGES.empty}</p>
          ) : (
            <>
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <caption className="visually-hidden">Production queue</caption>
                  <thead>
                    <tr>
                      <th scope="col">Order</th>
                      <th scope="col">Paid order placed</th>
                      <th scope="col">Customer</th>
                      <th scope="col" className="num">
                        Items
                      </th>
                      <th scope="col" className="num">
                        Total
                      </th>
                      <th scope="col">Print files</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.orders.map((order) => (
                      <tr key={order.id}>
                        <td className="admin-order-number">
                          <Link to={`/admin/orders/${order.id}`}>{order.orderNumber}</Link>
                        </td>
                        <td>
                          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                        </td>
                        <td>
                          <EmailAddress email={order.email} />
                        </td>
                        <td className="num">{order.itemCount}</td>
                        <td className="num">{formatAmount(order.total, order.currency)}</td>
                        <td>
                          <PrintFilesButton order={order} label={`Print files of ${order.orderNumber}`} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                label="Production queue pages"
                page={data.pagination.page}
                pages={data.pagination.pages}
                onPage={setPage}
              />
            </>
          )
        }
      </QueryState>
    </AdminPage>
  );
}
