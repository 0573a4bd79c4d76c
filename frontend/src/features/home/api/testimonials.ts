// The home page's testimonials (spec 1 §2): the newest approved reviews rated 5, from GET /api/reviews
// (public, so no token is sent). Nothing while they load, when the call fails, or before there is
// any: a testimonial is a customer's own words or it is not shown.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewsResponseSchema } from '@/lib/mini-schemas/reviews';

export const TESTIMONIALS_COUNT = 3;

export const useTestimonials = () =>
  useQuery({
    queryKey: ['reviews', 'testimonials'],
    queryFn: async ({ signal }) =>
      (
        await api.get('/reviews', {
          schema: reviewsResponseSchema,
          searchParams: { rating: 5, sort: 'newest', limit: TESTIMONIALS_COUNT, page: 1 },
          signal,
          auth: false,
        })
      ).data.reviews,
    staleTime: 5 * 60_000,
  });
