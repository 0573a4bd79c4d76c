// The signed-in buyer's reviews (GET /api/reviews/mine) and writing one (POST /api/reviews): the
// account's order page uses them to offer "Write a review" per line and to say which are written.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  myReviewsResponseSchema,
  reviewResponseSchema,
  type CreateReviewBody,
} from '@printshop/shared-events/api/reviews';
import { api } from '@/lib/api-client';

export const MY_REVIEWS_KEY = ['reviews', 'mine'] as const;

export const useMyReviews = (enabled = true) =>
  useQuery({
    queryKey: MY_REVIEWS_KEY,
    queryFn: async ({ signal }) =>
      (await api.get('/reviews/mine', { schema: myReviewsResponseSchema, signal })).reviews,
    enabled,
  });

export function useSubmitReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateReviewBody) =>
      (await api.post('/reviews', { schema: reviewResponseSchema, json: body })).review,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_REVIEWS_KEY }),
  });
}
