// GET /api/reviews (API.md "Reviews"): page, limit 5, sort, optional rating and search. An answer
// with success false and a failed request have their own messages (spec 1 §8).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { REVIEW_SORTS } from '@printshop/shared-events/api/reviews';
import { REVIEWS_PAGE_SIZE, reviewsResponseSchema } from '@printshop/shared-events/api/reviews';
import { ApiError, api } from '@/lib/api-client';

export type ReviewSort = (typeof REVIEW_SORTS)[number];

export interface ReviewsFilter {
  page: number;
  sort: ReviewSort;
  rating: number | null;
  search: string;
  /** Reviews of one product (its sku) only. */
  product?: string;
  /** Page size; REVIEWS_PAGE_SIZE unless given. */
  limit?: number;
}

export const REVIEWS_MESSAGES = {
  notSuccess: 'Failed to load reviews',
  failed: 'Failed to load reviews. Please try again later.',
} as const;

/** Raised when the server answers without success (the request itself worked). */
export class ReviewsNotLoaded extends Error {}

// `success: false` arrives with an ok status from some servers: accept it here and judge it below.
const answerSchema = z.union([reviewsResponseSchema, z.object({ success: z.literal(false) })]);

export async function getReviews(filter: ReviewsFilter, signal?: AbortSignal) {
  const answer = await api.get('/reviews', {
    schema: answerSchema,
    searchParams: {
      page: filter.page,
      limit: filter.limit ?? REVIEWS_PAGE_SIZE,
      sort: filter.sort,
      rating: filter.rating,
      search: filter.search.trim(),
      ...(filter.product && { product: filter.product }),
    },
    signal,
    auth: false,
  });
  if (!answer.success) throw new ReviewsNotLoaded(REVIEWS_MESSAGES.notSuccess);
  return answer.data;
}

/** 'Failed to load reviews' when an answer said `success: false` (whatever its status), else the retry sentence. */
export function reviewsErrorMessage(error: unknown): string {
  if (error instanceof ReviewsNotLoaded) return REVIEWS_MESSAGES.notSuccess;
  const data = error instanceof ApiError ? (error.data as { success?: unknown } | null) : null;
  return data && typeof data === 'object' && data.success === false
    ? REVIEWS_MESSAGES.notSuccess
    : REVIEWS_MESSAGES.failed;
}

export const useReviews = (filter: ReviewsFilter) =>
  useQuery({
    queryKey: ['reviews', filter],
    queryFn: ({ signal }) => getReviews(filter, signal),
    placeholderData: keepPreviousData,
  });
