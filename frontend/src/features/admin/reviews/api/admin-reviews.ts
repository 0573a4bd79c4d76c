// Moderation (API.md "Admin"): GET /api/admin/reviews?status&rating&product&page,
// PUT /api/admin/reviews/:id {status: approved|hidden}, DELETE /api/admin/reviews/:id.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  adminReviewResponseSchema,
  adminReviewsResponseSchema,
  type adminReviewSchema,
  type REVIEW_STATUSES,
} from '@printshop/shared-events/api/admin';
import { okSchema } from '@printshop/shared-events/api/common';
import { api } from '@/lib/api-client';
import { adminKey, refreshAdmin } from '@/features/admin/admin-keys';

export type AdminReview = z.infer<typeof adminReviewSchema>;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface ReviewsFilter {
  page: number;
  status: ReviewStatus | '';
  rating: number | null;
  product: string;
}

export const useAdminReviews = (filter: ReviewsFilter) =>
  useQuery({
    queryKey: adminKey('reviews', filter),
    queryFn: ({ signal }) =>
      api.get('/admin/reviews', {
        schema: adminReviewsResponseSchema,
        searchParams: { ...filter },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

const reviewPath = (id: string) => `/admin/reviews/${encodeURIComponent(id)}`;

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'approved' | 'hidden' }) =>
      api.put(reviewPath(id), { schema: adminReviewResponseSchema, json: { status } }),
    onSuccess: () => refreshAdmin(queryClient),
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(reviewPath(id), { schema: okSchema }),
    onSuccess: () => refreshAdmin(queryClient),
  });
}
