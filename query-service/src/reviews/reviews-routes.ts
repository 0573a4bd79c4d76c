// Reviews from the reviews read model (API.md "Reviews" and "Admin"):
//   GET /api/reviews?page=1&limit=5&sort=newest&rating=&search=&product=   public; approved only
//       -> {success, data: {reviews, stats, pagination}} (spec 1 §3, §4, §7)
//   GET /api/reviews/summary      public; {success, summary: {averageRating, totalReviews}} of approved
//   GET /api/reviews/mine         signed in; {success, reviews} the caller's, any status, newest first
//   GET /api/admin/reviews?status&rating&product&page                     admin; newest first
//       -> {success, reviews, pagination}
// Deleted reviews are in neither list. Search matches the text or the author's name, anywhere,
// case-insensitive.
import Router from '@koa/router';
import type { Knex } from 'knex';
import { adminReviewsQuerySchema } from '@printshop/shared-events/api/admin';
import { reviewPhoto, reviewsQuerySchema, type REVIEW_SORTS } from '@printshop/shared-events/api/reviews';
import { requireAdmin, requireUser } from '@printshop/shared-events/auth';
import { REVIEWS_TABLE, type ReviewRow } from '@printshop/shared-events/reviews-read-model';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';

/** The projection (and schema `rm_reviews`) this router reads. */
export const REVIEWS_READ_MODEL = 'reviews';
export const ADMIN_REVIEWS_PAGE_SIZE = 20;

const publicReview = (row: ReviewRow) => ({
  id: row.review_id,
  rating: row.rating,
  content: row.content,
  created_at: row.created_at.toISOString(),
  user: { name: row.author_name },
  ...(row.product_sku !== null && { productSku: row.product_sku }),
  verifiedPurchase: row.verified_purchase,
  photos: row.image_ids.map(reviewPhoto),
});

/** The author's own view: the status and which order line it reviews. */
const ownReview = (row: ReviewRow) => ({
  ...publicReview(row),
  status: row.status,
  ...(row.order_id !== null && { orderId: row.order_id }),
  ...(row.line_id !== null && { lineId: row.line_id }),
});

const adminReview = (row: ReviewRow) => ({
  ...publicReview(row),
  status: row.status,
  userId: row.user_id,
  ...(row.order_number !== null && { orderNumber: row.order_number }),
});

const ORDERINGS: Record<(typeof REVIEW_SORTS)[number], Array<{ column: string; order: 'asc' | 'desc' }>> = {
  newest: [
    { column: 'created_at', order: 'desc' },
    { column: 'review_id', order: 'desc' },
  ],
  oldest: [
    { column: 'created_at', order: 'asc' },
    { column: 'review_id', order: 'asc' },
  ],
  highest: [
    { column: 'rating', order: 'desc' },
    { column: 'created_at', order: 'desc' },
    { column: 'review_id', order: 'desc' },
  ],
  lowest: [
    { column: 'rating', order: 'asc' },
    { column: 'created_at', order: 'desc' },
    { column: 'review_id', order: 'desc' },
  ],
};

/** `search` as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
const containing = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const pagination = (page: number, limit: number, total: number) => ({
  page,
  limit,
  total,
  pages: Math.ceil(total / limit),
});

/** Average to one decimal, from integers (no float drift at .x5), and the count of each star. */
async function statsOf(query: Knex.QueryBuilder) {
  const counts = (await query.clone().select('rating').count({ count: '*' }).groupBy('rating')) as Array<{
    rating: number;
    count: string | number;
  }>;
  const ratingDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let totalReviews = 0;
  let sum = 0;
  for (const { rating, count } of counts) {
    ratingDistribution[rating as 1 | 2 | 3 | 4 | 5] = Number(count);
    totalReviews += Number(count);
    sum += rating * Number(count);
  }
  const averageRating = totalReviews === 0 ? 0 : Math.round((sum * 10) / totalReviews) / 10;
  return { averageRating, totalReviews, ratingDistribution };
}

export function reviewsQueryRouter(deps: { db: Knex; waitFor: WaitForPosition }): Router {
  const router = new Router();
  const reviews = () =>
    deps.db
      .withSchema(readModelSchema(REVIEWS_READ_MODEL))
      .table<ReviewRow>(REVIEWS_TABLE)
      .where({ deleted: false });
  const fresh = readYourWrites(deps.waitFor, [REVIEWS_READ_MODEL]);

  router.get('/api/reviews', fresh, async (ctx) => {
    const {
      page = 1,
      limit = 5,
      sort = 'newest',
      rating,
      search,
      product,
    } = reviewsQuerySchema.parse(ctx.query);
    const approved = reviews().where({ status: 'approved' });
    if (product) approved.where({ product_sku: product.toUpperCase() });
    // Stats describe the product (or the shop) as a whole: they ignore the rating and search
    // filters, so the distribution stays the same while the visitor narrows the list.
    const stats = await statsOf(approved);
    const listed = approved.clone();
    if (rating !== undefined) listed.where({ rating });
    if (search) {
      const pattern = containing(search);
      listed.where((where) => where.whereILike('content', pattern).orWhereILike('author_name', pattern));
    }
    const [{ total }] = (await listed.clone().count({ total: '*' })) as [{ total: string | number }];
    const rows = (await listed
      .orderBy(ORDERINGS[sort])
      .limit(limit)
      .offset((page - 1) * limit)
      .select('*')) as ReviewRow[];
    ctx.body = {
      success: true,
      data: { reviews: rows.map(publicReview), stats, pagination: pagination(page, limit, Number(total)) },
    };
  });

  // The one source of the shop's rating claim (home, product badges): approved reviews only.
  router.get('/api/reviews/summary', fresh, async (ctx) => {
    const { averageRating, totalReviews } = await statsOf(reviews().where({ status: 'approved' }));
    ctx.body = { success: true, summary: { averageRating, totalReviews } };
  });

  router.get('/api/reviews/mine', fresh, async (ctx) => {
    const auth = requireUser(ctx.state);
    const rows = (await reviews()
      .where({ user_id: auth.userId })
      .orderBy(ORDERINGS.newest)
      .limit(500)
      .select('*')) as ReviewRow[];
    ctx.body = { success: true, reviews: rows.map(ownReview) };
  });

  router.get('/api/admin/reviews', fresh, async (ctx) => {
    requireAdmin(ctx.state);
    const { page = 1, status, rating, product } = adminReviewsQuerySchema.parse(ctx.query);
    const query = reviews();
    if (status) query.where({ status });
    if (rating !== undefined) query.where({ rating });
    if (product) query.where({ product_sku: product.toUpperCase() });
    const [{ total }] = (await query.clone().count({ total: '*' })) as [{ total: string | number }];
    const rows = (await query
      .orderBy(ORDERINGS.newest)
      .limit(ADMIN_REVIEWS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_REVIEWS_PAGE_SIZE)
      .select('*')) as ReviewRow[];
    ctx.body = {
      success: true,
      reviews: rows.map(adminReview),
      pagination: pagination(page, ADMIN_REVIEWS_PAGE_SIZE, Number(total)),
    };
  });

  return router;
}
