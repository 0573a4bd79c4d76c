// Reviews (API.md "Reviews, contact, tracking").
import { z } from 'zod';
import {
  countSchema,
  idSchema,
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
  photos: 'You can add up to 3 photos',
  lineWithoutOrder: 'Please name the order of this line',
} as const;

/** Photos a review may carry. */
export const MAX_REVIEW_PHOTOS = 3;
/** The width of a review photo's thumbnail (GET /api/images/:id?w=). */
export const REVIEW_THUMBNAIL_WIDTH = 256;

export const reviewsQuerySchema = z.object({
  page: pageQuery,
  limit: queryInt(1, 50, REVIEWS_PAGE_SIZE),
  sort: queryEnum(REVIEW_SORTS, 'newest'),
  rating: queryInt(1, 5),
  search: queryText(200),
  product: queryText(100),
});

export const reviewPhotoSchema = z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string() });
export type ReviewPhoto = z.infer<typeof reviewPhotoSchema>;

/** A review photo's addresses: the served image and its resized thumbnail. */
export const reviewPhoto = (imageId: string): ReviewPhoto => ({
  id: imageId,
  url: `/images/${imageId}`,
  thumbnailUrl: `/api/images/${imageId}?w=${REVIEW_THUMBNAIL_WIDTH}`,
});

export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  content: z.string(),
  created_at: timestampSchema,
  user: z.object({ name: z.string() }),
  productSku: z.string().optional(),
  verifiedPurchase: z.boolean(),
  photos: z.array(reviewPhotoSchema).default([]),
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
  /** A line of the author's own paid order (with orderId): the server takes the product from it. */
  orderId: idSchema.optional(),
  lineId: idSchema.optional(),
  imageIds: z.array(idSchema).max(MAX_REVIEW_PHOTOS, REVIEW_MESSAGES.photos).optional(),
});
export type CreateReviewBody = z.input<typeof createReviewBodySchema>;

/** GET /api/reviews/summary: the shop's rating from approved reviews (0 and 0 before any). */
export const ratingSummarySchema = z.object({
  averageRating: z.number().min(0).max(5),
  totalReviews: countSchema,
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;
export const ratingSummaryResponseSchema = okSchema.extend({ summary: ratingSummarySchema });

/** GET /api/reviews/mine: the signed-in user's reviews in any moderation status. */
export const myReviewSchema = reviewSchema.extend({
  status: z.enum(['pending', 'approved', 'hidden']),
  orderId: z.string().optional(),
  lineId: z.string().optional(),
});
export const myReviewsResponseSchema = okSchema.extend({ reviews: z.array(myReviewSchema) });

export const reviewResponseSchema = okSchema.extend({ review: reviewSchema });
