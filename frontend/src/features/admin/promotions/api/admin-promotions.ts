// Promotion codes (API.md "Promotion codes"): the list with each code's state and uses, one code
// with its uses, create a code, change its limits, minimum and dates, end a code now.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  promotionDetailResponseSchema,
  promotionResponseSchema,
  promotionsResponseSchema,
  type changePromotionBodySchema,
  type createPromotionBodySchema,
} from '@printshop/shared-events/api/promotions';
import { api } from '@/lib/api-client';
import { adminKey, refreshAdmin } from '@/features/admin/admin-keys';

export type NewPromotion = z.input<typeof createPromotionBodySchema>;
export type PromotionChange = Omit<z.input<typeof changePromotionBodySchema>, 'end'>;

const promotionPath = (code: string) => `/admin/promotions/${encodeURIComponent(code)}`;

export const usePromotions = () =>
  useQuery({
    queryKey: adminKey('promotions'),
    queryFn: ({ signal }) => api.get('/admin/promotions', { schema: promotionsResponseSchema, signal }),
  });

export const usePromotion = (code: string) =>
  useQuery({
    queryKey: adminKey('promotions', code),
    queryFn: ({ signal }) => api.get(promotionPath(code), { schema: promotionDetailResponseSchema, signal }),
    // Uses come and go with payments: fresh every time the page is looked at.
    staleTime: 0,
  });

export function useCreatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: NewPromotion) =>
      api.post('/admin/promotions', { schema: promotionResponseSchema, json: fields }),
    onSuccess: () => refreshAdmin(queryClient),
  });
}

export function useEndPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.patch(promotionPath(code), { schema: promotionResponseSchema, json: { end: true } }),
    onSuccess: () => refreshAdmin(queryClient),
  });
}

export function useChangePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, change }: { code: string; change: PromotionChange }) =>
      api.patch(promotionPath(code), { schema: promotionResponseSchema, json: change }),
    onSuccess: () => refreshAdmin(queryClient),
  });
}
