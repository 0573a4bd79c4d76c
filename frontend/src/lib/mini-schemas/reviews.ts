// zod/mini twins of shared-events/src/api/reviews.ts's rating summary and review list, which `/`
// reads for its rating claim and its testimonials (common.ts says why).
import * as z from 'zod/mini';
import { countSchema, okSchema } from './common';

export const ratingSummarySchema = z.object({
  averageRating: z.number().check(z.minimum(0), z.maximum(5)),
  totalReviews: countSchema,
});

export const ratingSummaryResponseSchema = z.extend(okSchema, { summary: ratingSummarySchema });

const reviewPhotoSchema = z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string() });

export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number().check(z.int(), z.minimum(1), z.maximum(5)),
  content: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  user: z.object({ name: z.string() }),
  productSku: z.optional(z.string()),
  verifiedPurchase: z.boolean(),
  photos: z._default(z.array(reviewPhotoSchema), []),
});

const reviewStatsSchema = z.object({
  averageRating: z.number().check(z.minimum(0), z.maximum(5)),
  totalReviews: countSchema,
  ratingDistribution: z.object({
    1: countSchema,
    2: countSchema,
    3: countSchema,
    4: countSchema,
    5: countSchema,
  }),
});

const paginationSchema = z.object({
  page: countSchema,
  limit: countSchema,
  total: countSchema,
  pages: countSchema,
});

/** GET /api/reviews, which `/` reads for its testimonials. */
export const reviewsResponseSchema = z.extend(okSchema, {
  data: z.object({ reviews: z.array(reviewSchema), stats: reviewStatsSchema, pagination: paginationSchema }),
});
