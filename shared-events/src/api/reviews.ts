// Reviews (API.md "Reviews, contact, tracking").
import { z } from 'zod';
import {
  countSchema,
  okSchema,
  pageQuery,
  paginationSchema,
  queryEnum,
  queryInt,
  queryText,
  requiredText,
  skuSchema,
  text,
  timestampSchema,
} from './common';

export const REVIEW_SORTS = ['newest', 'oldest', 'highest', 'lowest'] as const;
/** Spec 1 §9: page size 5; ours: at most 50 a page. */
export const REVIEWS_PAGE_SIZE = 5;

export const REVIEW_MESSAGES = {
  rating: 'Please choose a rating from 1 to 5',
  content: 'Please write your review',
} as const;

export const reviewsQuerySchema = z.object({
  page: pageQuery,
  limit: queryInt(1, 50, REVIEWS_PAGE_SIZE),
  sort: queryEnum(REVIEW_SORTS, 'newest'),
  rating: queryInt(1, 5),
  search: queryText(200),
  product: queryText(100),
});

export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  content: z.string(),
  created_at: timestampSchema,
  user: z.object({ name: z.string() }),
  productSku: z.string().optional(),
  verifiedPurchase: z.boolean(),
});
export type ReviewDto = z.infer<typeof reviewSchema>;

export const reviewStatsSchema = z.object({
  averageRating: z.number().min(0).max(5),
  totalReviews: countSchema,
  ratingDistribution: z.object({
    1: countSchema,
    2: countSchema,
    3: countSchema,
    4: countSchema,
    5: countSchema,
  }),
});

export const reviewsResponseSchema = okSchema.extend({
  data: z.object({ reviews: z.array(reviewSchema), stats: reviewStatsSchema, pagination: paginationSchema }),
});

export const createReviewBodySchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(1, REVIEW_MESSAGES.rating)
    .max(5, REVIEW_MESSAGES.rating),
  content: requiredText(2000, REVIEW_MESSAGES.content),
  productSku: skuSchema.optional(),
  orderNumber: text(50).optional(),
});

export const reviewResponseSchema = okSchema.extend({ review: reviewSchema });
