// The shop's rating claim, from one place: GET /api/reviews/summary (approved reviews only). Every
// badge that states a rating or a review count reads it through useShopRating; before any review is
// approved (or while it loads, or when it fails) there is no claim at all rather than an invented one.
import { useQuery } from '@tanstack/react-query';
import type { RatingSummary } from '@printshop/shared-events/api/reviews';
import { api } from '@/lib/api-client';
import { ratingSummaryResponseSchema } from '@/lib/mini-schemas/reviews';

export const RATING_SUMMARY_KEY = ['reviews', 'summary'] as const;

export async function getRatingSummary(signal?: AbortSignal): Promise<RatingSummary> {
  const answer = await api.get('/reviews/summary', {
    schema: ratingSummaryResponseSchema,
    signal,
    auth: false,
  });
  return answer.summary;
}

/** The approved reviews' average and count, or null when there is nothing true to claim yet. */
export function useShopRating(): RatingSummary | null {
  const summary = useQuery({
    queryKey: RATING_SUMMARY_KEY,
    queryFn: ({ signal }) => getRatingSummary(signal),
    staleTime: 5 * 60_000,
  });
  const data = summary.data;
  return data && data.totalReviews > 0 ? data : null;
}

/** "4.8/5" (one decimal, as the summary gives it). */
export const ratingText = (summary: RatingSummary) => `${summary.averageRating.toFixed(1)}/5`;

/** "1 review", "1,234 reviews". */
export const reviewCountText = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'review' : 'reviews'}`;
