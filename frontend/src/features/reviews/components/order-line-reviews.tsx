// The account order page's review entry point: for a paid, in production, shipped or delivered
// order, each product line offers "Write a review", or says its review is written.
import { useState } from 'react';
import type { OrderDto } from '@printshop/shared-events/api/orders';
import { shortName } from '@printshop/shared-events/rules/catalog';
import { Button } from '@/components/button';
import { useMyReviews } from '../api/my-reviews';
import { WRITE_REVIEW_MESSAGES, WriteReview } from './write-review';
import './reviews.css';

const REVIEWABLE: ReadonlyArray<OrderDto['status']> = ['paid', 'in_production', 'shipped', 'delivered'];

export function OrderLineReviews({ order }: { order: OrderDto }) {
  const reviewable = REVIEWABLE.includes(order.status);
  const mine = useMyReviews(reviewable);
  const [open, setOpen] = useState<string | null>(null);
  const [sent, setSent] = useState<string[]>([]);
  if (!reviewable) return null;
  const written = new Set((mine.data ?? []).filter((r) => r.orderId === order.id).map((r) => r.lineId));
  const lines = order.items.filter((item) => item.lineId !== undefined);
  if (lines.length === 0) return null;
  return (
    <section className="order-line-reviews" aria-labelledby={`order-reviews-${order.id}`}>
      <h3 id={`order-reviews-${order.id}`} className="order-section__heading">
        Review your products
      </h3>
      <ul>
        {lines.map((item) => {
          const lineId = item.lineId!;
          // The name the cart and the order's lines show: 'A4 Poster', not its catalogue name.
          const name = shortName(item.name);
          return (
            <li key={lineId}>
              <span>{name}</span>{' '}
              {sent.includes(lineId) ? (
                <span role="status">{WRITE_REVIEW_MESSAGES.sent}</span>
              ) : written.has(lineId) ? (
                <span>Reviewed</span>
              ) : open === lineId ? (
                <WriteReview
                  orderId={order.id}
                  lineId={lineId}
                  productName={name}
                  onDone={() => {
                    setSent((s) => [...s, lineId]);
                    setOpen(null);
                  }}
                  onCancel={() => setOpen(null)}
                />
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={mine.isPending}
                  onClick={() => setOpen(lineId)}
                >
                  Write a review
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
