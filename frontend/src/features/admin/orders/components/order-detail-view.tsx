// One order for the admin (API.md "Admin"): lines with photos, print recipe and DPI band; totals;
// customer, address and payment; the status timeline with tracking; the status change; the event
// history; and the print-files ZIP to download.
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import type { AdminOrderDto } from '@printshop/shared-events/api/admin';
import { AddressCard } from '@/components/address-card';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { discountLines } from '@/lib/discount-lines';
import { formatDateTime } from '@/lib/format-date';
import { serverMessageOr } from '@/lib/server-message';
import { ORDER_STATUS_LABELS } from '@/lib/order-status';
import { formatAmount } from '@/features/admin/admin-format';
import { AdminPage } from '@/features/admin/components/admin-page';
import { QueryState } from '@/features/admin/components/query-state';
import { Badge, OrderStatusBadge } from '@/features/admin/components/status-badge';
import { saveFile } from '@/features/admin/save-file';
import { downloadPrintFiles, useAdminOrder } from '../api/admin-orders';
import { OrderAuditTrail } from './order-audit-trail';
import { OrderLinesTable } from './order-lines-table';
import { OrderStatusForm } from './order-status-form';
import { EmailAddress } from '@/components/email-address';

export const ORDER_DETAIL_MESSAGES = {
  failed: 'Could not load the order.',
  printFilesFailed: 'Could not download the print files.',
} as const;

export function PrintFilesButton({
  order,
  label = 'Download print files (ZIP)',
}: {
  order: Pick<AdminOrderDto, 'id' | 'orderNumber'>;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const download = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const file = await downloadPrintFiles(order.id, order.orderNumber);
      saveFile(file.blob, file.filename);
    } catch (failure) {
      setError(serverMessageOr(failure, ORDER_DETAIL_MESSAGES.printFilesFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" loading={busy} onClick={() => void download()}>
        {label}
      </Button>
      {error && <Alert>{error}</Alert>}
    </>
  );
}

function Totals({ order }: { order: AdminOrderDto }) {
  const money = (amount: number) => formatAmount(amount, order.currency);
  // The same lines as the shopper's order page and receipt.
  const discounts = discountLines(order.discount, order.promotion, order.loyaltyDiscount);
  return (
    <dl className="admin-dl">
      <dt>Subtotal</dt>
      <dd>{money(order.subtotal)}</dd>
      {discounts.length === 0 ? (
        <>
          <dt>Discount</dt>
          <dd>{money(0)}</dd>
        </>
      ) : (
        discounts.map(({ label, amount }) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>−{money(amount)}</dd>
          </Fragment>
        ))
      )}
      <dt>Shipping</dt>
      <dd>{money(order.shippingFee)}</dd>
      <dt>Total</dt>
      <dd>
        <strong>{money(order.total)}</strong>
      </dd>
    </dl>
  );
}

function Customer({ order }: { order: AdminOrderDto }) {
  const { customer, shippingAddress: address } = order;
  return (
    <>
      <dl className="admin-dl">
        <dt>Name</dt>
        <dd>{customer.name ?? address.fullName}</dd>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${customer.email}`}>
            <EmailAddress email={customer.email} />
          </a>
        </dd>
        <dt>Account</dt>
        <dd>
          {customer.userId ? (
            <Link to={`/admin/users?search=${encodeURIComponent(customer.email)}`}>Registered customer</Link>
          ) : (
            'Guest'
          )}
        </dd>
      </dl>
      <h3 className="admin-section__heading">Ship to</h3>
      <AddressCard address={address} />
    </>
  );
}

/** The payment's state as a word with a capital, like the order's own status. */
const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  paid: 'Paid',
  refunded: 'Refunded',
};

const PROVIDER_LABELS: Record<AdminOrderDto['payment']['provider'], string> = {
  stripe: 'Stripe',
  razorpay: 'Razorpay',
  none: 'None (nothing to pay)',
};

function Payment({ order }: { order: AdminOrderDto }) {
  const { payment } = order;
  return (
    <dl className="admin-dl">
      <dt>Provider</dt>
      <dd>
        {PROVIDER_LABELS[payment.provider]} {payment.testMode && <Badge tone="pending">Test mode</Badge>}
      </dd>
      <dt>Status</dt>
      <dd>{PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}</dd>
      <dt>Payment id</dt>
      <dd>
        <code>{payment.paymentId}</code>
      </dd>
      <dt>Refunded</dt>
      <dd>{formatAmount(payment.refunded, order.currency)}</dd>
    </dl>
  );
}

function Timeline({ order }: { order: AdminOrderDto }) {
  return (
    <>
      <ol className="admin-timeline" aria-label="Status timeline">
        {order.timeline.map((entry, index) => (
          <li key={`${entry.status}-${entry.at}-${index}`}>
            <strong>{ORDER_STATUS_LABELS[entry.status]}</strong>
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            {entry.note && <span>{entry.note}</span>}
          </li>
        ))}
      </ol>
      {order.tracking && (
        <p>
          Shipped with {order.tracking.carrier}, tracking number <strong>{order.tracking.number}</strong>
          {order.tracking.url && (
            <>
              {' '}
              (
              <a href={order.tracking.url} target="_blank" rel="noreferrer noopener">
                track the parcel
              </a>
              )
            </>
          )}
        </p>
      )}
    </>
  );
}

export function OrderDetailView({ orderId }: { orderId: string }) {
  const answer = useAdminOrder(orderId);
  return (
    <QueryState query={answer} failed={ORDER_DETAIL_MESSAGES.failed} loadingLabel="Loading the order…">
      {({ order, events }) => (
        <AdminPage title={`Order ${order.orderNumber}`} actions={<PrintFilesButton order={order} />}>
          <p>
            <Link to="/admin/orders">← All orders</Link>
          </p>
          <p className="admin-review__meta">
            <OrderStatusBadge status={order.status} />
            {order.archived && <Badge tone="archived">Deleted (archived)</Badge>}
            <span>
              Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </span>
          </p>
          <section className="admin-section" aria-labelledby="order-lines">
            <h2 id="order-lines">Lines</h2>
            <OrderLinesTable items={order.items} currency={order.currency} />
            <div className="admin-totals">
              <Totals order={order} />
            </div>
          </section>
          <div className="admin-grid admin-grid--3">
            <section className="admin-section" aria-labelledby="order-customer">
              <h2 id="order-customer">Customer</h2>
              <Customer order={order} />
            </section>
            <section className="admin-section" aria-labelledby="order-payment">
              <h2 id="order-payment">Payment</h2>
              <Payment order={order} />
            </section>
            <section className="admin-section" aria-labelledby="order-status">
              <h2 id="order-status">Status</h2>
              <Timeline order={order} />
            </section>
          </div>
          <div className="admin-grid admin-grid--2">
            <section className="admin-section" aria-labelledby="order-change-status">
              <h2 id="order-change-status">Change status</h2>
              <OrderStatusForm orderId={order.id} current={order.status} />
            </section>
            <section className="admin-section" aria-labelledby="order-history">
              <h2 id="order-history">Event history</h2>
              <OrderAuditTrail events={events} customerId={order.customer.userId} />
            </section>
          </div>
        </AdminPage>
      )}
    </QueryState>
  );
}
