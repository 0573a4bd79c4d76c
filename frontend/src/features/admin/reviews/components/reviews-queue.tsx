// The moderation queue (API.md "Admin"): reviews waiting for a decision first (or approved or
// hidden ones), filtered by rating and product; approve, hide, or delete after a confirmation.
import { useState } from 'react';
import { REVIEW_STATUSES } from '@printshop/shared-events/api/admin';
import { PRODUCTS, shortName } from '@printshop/shared-events/rules/catalog';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { SelectField } from '@/components/field';
import { formatDateTime } from '@/lib/format-date';
import { serverMessageOr } from '@/lib/server-message';
import { AdminPage } from '@/features/admin/components/admin-page';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Pager } from '@/features/admin/components/pager';
import { QueryState } from '@/features/admin/components/query-state';
import { Badge } from '@/features/admin/components/status-badge';
import {
  useAdminReviews,
  useDeleteReview,
  useModerateReview,
  type AdminReview,
  type ReviewsFilter,
  type ReviewStatus,
} from '../api/admin-reviews';

export const REVIEWS_QUEUE_MESSAGES = {
  failed: 'Could not load the reviews.',
  empty: 'No reviews here.',
  actionFailed: 'Could not change the review.',
  approved: 'Review approved: it now shows on the reviews page.',
  hidden: 'Review hidden.',
  deleted: 'Review deleted.',
} as const;

const STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Waiting',
  approved: 'Approved',
  hidden: 'Hidden',
};

const STATUS_OPTIONS = [
  ...REVIEW_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
  { value: '', label: 'All' },
];
const RATING_OPTIONS = [
  { value: '', label: 'Any rating' },
  ...[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} star${n === 1 ? '' : 's'}` })),
];
const PRODUCT_OPTIONS = [
  { value: '', label: 'All products' },
  ...PRODUCTS.map((product) => ({
    value: product.sku,
    label: `${shortName(product.name)} (${product.sku})`,
  })),
];
const productName = (sku: string) => {
  const product = PRODUCTS.find((p) => p.sku === sku.toUpperCase());
  return product ? shortName(product.name) : sku;
};

function ReviewItem({
  review,
  busy,
  onModerate,
  onDelete,
}: {
  review: AdminReview;
  busy: boolean;
  onModerate(status: 'approved' | 'hidden'): void;
  onDelete(): void;
}) {
  const who = `${review.user.name}'s review`;
  return (
    <li className="admin-review">
      <div className="admin-review__meta">
        <span className="admin-review__stars" role="img" aria-label={`${review.rating} out of 5 stars`}>
          {'★'.repeat(review.rating)}
          {'☆'.repeat(5 - review.rating)}
        </span>
        <Badge tone={review.status}>{STATUS_LABELS[review.status]}</Badge>
        <strong>{review.user.name}</strong>
        {review.verifiedPurchase && <span>Verified purchase</span>}
        <span>{review.productSku ? productName(review.productSku) : 'The shop'}</span>
        {review.orderNumber && <span>Order {review.orderNumber}</span>}
        <time dateTime={review.created_at}>{formatDateTime(review.created_at)}</time>
      </div>
      <p className="admin-review__content">{review.content}</p>
      <div className="admin-actions">
        {review.status !== 'approved' && (
          <Button
            size="sm"
            disabled={busy}
            aria-label={`Approve ${who}`}
            onClick={() => onModerate('approved')}
          >
            Approve
          </Button>
        )}
        {review.status !== 'hidden' && (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            aria-label={`Hide ${who}`}
            onClick={() => onModerate('hidden')}
          >
            Hide
          </Button>
        )}
        <Button size="sm" variant="ghost" disabled={busy} aria-label={`Delete ${who}`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
  );
}

export function ReviewsQueue() {
  const [filter, setFilter] = useState<ReviewsFilter>({
    page: 1,
    status: 'pending',
    rating: null,
    product: '',
  });
  const [toDelete, setToDelete] = useState<AdminReview>();
  const [done, setDone] = useState<string>();
  const reviews = useAdminReviews(filter);
  const moderate = useModerateReview();
  const remove = useDeleteReview();
  const change = (next: Partial<ReviewsFilter>) => {
    setDone(undefined);
    setFilter((current) => ({ ...current, page: 1, ...next }));
  };

  return (
    <AdminPage title="Reviews">
      <div className="admin-filters" role="group" aria-label="Filter reviews">
        <SelectField
          label="Status"
          value={filter.status}
          options={STATUS_OPTIONS}
          onChange={(event) => change({ status: event.target.value as ReviewStatus | '' })}
        />
        <SelectField
          label="Rating"
          value={filter.rating === null ? '' : String(filter.rating)}
          options={RATING_OPTIONS}
          onChange={(event) => change({ rating: event.target.value ? Number(event.target.value) : null })}
        />
        <SelectField
          label="Product"
          value={filter.product}
          options={PRODUCT_OPTIONS}
          onChange={(event) => change({ product: event.target.value })}
        />
      </div>
      {done && <Alert tone="success">{done}</Alert>}
      {moderate.isError && (
        <Alert>{serverMessageOr(moderate.error, REVIEWS_QUEUE_MESSAGES.actionFailed)}</Alert>
      )}
      <QueryState query={reviews} failed={REVIEWS_QUEUE_MESSAGES.failed} loadingLabel="Loading reviews…">
        {(data) =>
          data.reviews.length === 0 ? (
            <p className="admin-empty">{REVIEWS_QUEUE_MESSAGES.empty}</p>
          ) : (
            <>
              <ul className="admin-reviews" aria-label="Reviews">
                {data.reviews.map((review) => (
                  <ReviewItem
                    key={review.id}
                    review={review}
                    busy={moderate.isPending && moderate.variables.id === review.id}
                    onModerate={(status) =>
                      moderate.mutate(
                        { id: review.id, status },
                        { onSuccess: () => setDone(REVIEWS_QUEUE_MESSAGES[status]) },
                      )
                    }
                    onDelete={() => {
                      remove.reset();
                      setToDelete(review);
                    }}
                  />
                ))}
              </ul>
              <Pager
                label="Reviews pages"
                page={data.pagination.page}
                pages={data.pagination.pages}
                onPage={(page) => setFilter((current) => ({ ...current, page }))}
              />
            </>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={toDelete !== undefined}
        title="Delete this review?"
        confirmLabel="Delete review"
        busy={remove.isPending}
        error={
          remove.isError ? serverMessageOr(remove.error, REVIEWS_QUEUE_MESSAGES.actionFailed) : undefined
        }
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              setToDelete(undefined);
              setDone(REVIEWS_QUEUE_MESSAGES.deleted);
            },
          })
        }
        onCancel={() => setToDelete(undefined)}
      >
        <p>
          {toDelete?.user.name}&rsquo;s {toDelete?.rating}-star review will be removed from every list. This
          cannot be undone.
        </p>
      </ConfirmDialog>
    </AdminPage>
  );
}
