// An order's progress: the four steps (paid, in production, shipped, delivered) with the ones
// reached marked, every recorded status change with its time, and the tracking number once shipped.
import type { OrderDto } from '@printshop/shared-events/api/orders';
import { formatDateTime } from '@/lib/format-date';
import { ORDER_STATUS_LABELS, ORDER_STEPS } from '@/lib/order-status';

export function OrderTimeline({ order }: { order: OrderDto }) {
  const stopped = order.status === 'cancelled' || order.status === 'refunded';
  const reached = new Set(order.timeline.map((entry) => entry.status));
  const current = ORDER_STEPS.indexOf(order.status);
  return (
    <section className="order-timeline" aria-labelledby={`timeline-${order.id}`}>
      <h3 id={`timeline-${order.id}`} className="order-section__heading">
        Order status:{' '}
        <span className={`status status--${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span>
      </h3>
      {!stopped && (
        <ol className="order-steps">
          {ORDER_STEPS.map((step, index) => {
            const done = reached.has(step) || index <= current;
            return (
              <li
                key={step}
                className={done ? 'order-steps__step order-steps__step--done' : 'order-steps__step'}
                aria-current={step === order.status ? 'step' : undefined}
              >
                <span className="order-steps__dot" aria-hidden="true" />
                {ORDER_STATUS_LABELS[step]}
                <span className="visually-hidden">{done ? ' (done)' : ' (to come)'}</span>
              </li>
            );
          })}
        </ol>
      )}
      {order.tracking && (
        <p className="order-tracking">
          Shipped with {order.tracking.carrier}, tracking number{' '}
          <strong data-testid="tracking-number">{order.tracking.number}</strong>
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
      <ul className="order-history" aria-label="Status history">
        {[...order.timeline].reverse().map((entry, i) => (
          <li key={`${entry.status}-${entry.at}-${i}`}>
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            <span>{ORDER_STATUS_LABELS[entry.status]}</span>
            {entry.note && <span className="order-history__note">{entry.note}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
