// The reviews section of a product's page: its approved reviews, newest first, with their photos
// and verified marks, and its own average once it has any.
import { Link } from 'react-router';
import { Spinner } from '@/components/spinner';
import { useProductReviews } from '../api/product-reviews';
import { reviewCountText } from '@/lib/reviews/rating-summary';
import { useHydrated } from '@/lib/use-hydrated';
import { ReviewItem } from './review-item';
import { ReviewsNeedScript } from './reviews-need-script';
import { Stars } from './stars';
import './reviews.css';

export function ProductReviews({ sku, name }: { sku: string; name: string }) {
  const reviews = useProductReviews(sku);
  const data = reviews.data;
  // Prerendered: no spinner before the app runs (without JavaScript it never stopped).
  const hydrated = useHydrated();
  return (
    <section className="product-reviews" aria-labelledby={`reviews-${sku}`}>
      <h2 id={`reviews-${sku}`}>Reviews of {name}</h2>
      {!hydrated ? (
        <ReviewsNeedScript />
      ) : reviews.isPending ? (
        <Spinner label="Loading reviews…" />
      ) : reviews.isError || !data ? (
        <p className="reviews-empty">Reviews could not be loaded.</p>
      ) : data.stats.totalReviews === 0 ? (
        <p className="reviews-empty">No reviews of this product yet.</p>
      ) : (
        <>
          <p className="product-reviews__summary">
            <Stars rating={data.stats.averageRating} /> {data.stats.averageRating.toFixed(1)}/5 from{' '}
            {reviewCountText(data.stats.totalReviews)}
          </p>
          <ul className="reviews-list">
            {data.reviews.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to="/reviews">Read all reviews</Link>
      </p>
    </section>
  );
}
