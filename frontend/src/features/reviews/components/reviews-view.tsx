// The reviews page (spec 1 §2, §4, §7): rating filter, sort, search, pages of 5, and the stats.
// Changing the filter, the sort or the search goes back to page 1; any change reloads the list.
import { useState, type FormEvent } from 'react';
import { REVIEW_SORTS } from '@printshop/shared-events/api/reviews';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import {
  reviewsErrorMessage,
  useReviews,
  type ReviewSort,
  type ReviewsFilter,
} from '@/lib/reviews/get-reviews';
import { useHydrated } from '@/lib/use-hydrated';
import { ReviewItem } from './review-item';
import { ReviewsNeedScript } from './reviews-need-script';
import { ReviewStats } from './review-stats';
import './reviews.css';

/** A shop without an approved review: no 0.0 rating, no filters of nothing, just this. */
export const NO_REVIEWS_YET = 'No reviews yet.';

export const SORT_LABELS: Record<ReviewSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
};

export function ReviewsView() {
  const [filter, setFilter] = useState<ReviewsFilter>({ page: 1, sort: 'newest', rating: null, search: '' });
  const [searchText, setSearchText] = useState('');
  const reviews = useReviews(filter);
  const hydrated = useHydrated();

  const change = (next: Partial<Omit<ReviewsFilter, 'page'>>) =>
    setFilter((f) => ({ ...f, ...next, page: 1 }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    change({ search: searchText });
  };

  const data = reviews.data;
  const pages = data?.pagination.pages ?? 0;

  // Prerendered: no filters, sort or search before the app can answer them (none ever without
  // JavaScript, where they sat above an endless spinner).
  if (!hydrated)
    return (
      <div className="reviews-view">
        <ReviewsNeedScript />
      </div>
    );

  // The stats count the whole shop, whatever the filters: zero means there is nothing to show or narrow.
  if (data?.stats.totalReviews === 0)
    return (
      <div className="reviews-view">
        <p className="reviews-empty">{NO_REVIEWS_YET}</p>
      </div>
    );

  return (
    <div className="reviews-view">
      {data && <ReviewStats stats={data.stats} />}
      <div className="reviews-controls" role="group" aria-label="Filter reviews">
        <div className="reviews-controls__ratings" role="group" aria-label="Rating">
          {[null, 5, 4, 3, 2, 1].map((rating) => (
            <button
              key={rating ?? 'all'}
              type="button"
              className="chip"
              aria-pressed={filter.rating === rating}
              onClick={() => change({ rating })}
            >
              {rating === null ? 'All ratings' : `${rating} ★`}
            </button>
          ))}
        </div>
        <label className="reviews-controls__sort">
          <span>Sort by</span>
          <select
            value={filter.sort}
            onChange={(event) => change({ sort: event.target.value as ReviewSort })}
          >
            {REVIEW_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
        <form className="reviews-controls__search" role="search" onSubmit={search}>
          <label htmlFor="reviews-search" className="visually-hidden">
            Search reviews
          </label>
          <input
            id="reviews-search"
            type="search"
            placeholder="Search reviews"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
          <Button type="submit" variant="secondary" size="sm">
            Search
          </Button>
        </form>
      </div>

      {reviews.isPending ? (
        <Spinner label="Loading reviews…" />
      ) : reviews.isError ? (
        <Alert>{reviewsErrorMessage(reviews.error)}</Alert>
      ) : data && data.reviews.length === 0 ? (
        <p className="reviews-empty">No reviews match your filters.</p>
      ) : (
        <ul className="reviews-list" aria-busy={reviews.isFetching || undefined}>
          {data?.reviews.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ul>
      )}

      {pages > 1 && (
        <nav className="pagination" aria-label="Review pages">
          <Button
            variant="secondary"
            size="sm"
            disabled={filter.page <= 1}
            onClick={() => setFilter((f) => ({ ...f, page: f.page - 1 }))}
          >
            Previous
          </Button>
          <span aria-live="polite">
            Page {filter.page} of {pages}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={filter.page >= pages}
            onClick={() => setFilter((f) => ({ ...f, page: f.page + 1 }))}
          >
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
