// Average rating, number of reviews and the 1-5 star distribution.
import type { z } from 'zod';
import type { reviewStatsSchema } from '@printshop/shared-events/api/reviews';
import { Stars } from './stars';

export function ReviewStats({ stats }: { stats: z.infer<typeof reviewStatsSchema> }) {
  const { averageRating, totalReviews, ratingDistribution } = stats;
  return (
    <section className="review-stats" aria-label="Rating summary">
      <div className="review-stats__average">
        <span className="review-stats__number">{averageRating.toFixed(1)}</span>
        <Stars rating={averageRating} />
        <span className="review-stats__total">
          Based on {totalReviews.toLocaleString('en-US')} {totalReviews === 1 ? 'review' : 'reviews'}
        </span>
      </div>
      <ul className="review-stats__bars" aria-label="Ratings by stars">
        {([5, 4, 3, 2, 1] as const).map((stars) => {
          const count = ratingDistribution[stars];
          const share = totalReviews ? Math.round((count / totalReviews) * 100) : 0;
          return (
            <li key={stars} className="review-stats__bar">
              <span>{stars} star</span>
              <span className="review-stats__track" aria-hidden="true">
                <span style={{ width: `${share}%` }} />
              </span>
              <span className="review-stats__count">
                {count.toLocaleString('en-US')}
                <span className="visually-hidden"> reviews with {stars} stars</span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
