// One approved review as the lists show it: stars, author, verified mark, date, text and photos.
import type { ReviewDto } from '@printshop/shared-events/api/reviews';
import { formatDate } from '@/lib/format-date';
import { ReviewPhotos } from './review-photos';
import { Stars } from './stars';

export function ReviewItem({ review }: { review: ReviewDto }) {
  return (
    <li className="review">
      <div className="review__header">
        <Stars rating={review.rating} />
        <strong>{review.user.name}</strong>
        {review.verifiedPurchase && <span className="review__verified">Verified purchase</span>}
        <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
      </div>
      <p className="review__content">{review.content}</p>
      <ReviewPhotos photos={review.photos ?? []} author={review.user.name} />
    </li>
  );
}
