// A product's approved reviews, newest first (GET /api/reviews?product=): its page's reviews section.
import { useQuery } from '@tanstack/react-query';
import { reviewsResponseSchema } from '@printshop/shared-events/api/reviews';
import { api } from '@/lib/api-client';

export const PRODUCT_REVIEWS_LIMIT = 10;

export const useProductReviews = (sku: string) =>
  useQuery({
    queryKey: ['reviews', 'product', sku],
    queryFn: async ({ signal }) =>
      (
        await api.get('/reviews', {
          schema: reviewsResponseSchema,
          searchParams: { product: sku, sort: 'newest', limit: PRODUCT_REVIEWS_LIMIT, page: 1 },
          signal,
          auth: false,
        })
      ).data,
  });
