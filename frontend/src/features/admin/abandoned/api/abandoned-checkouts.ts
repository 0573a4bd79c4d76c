// GET /api/admin/abandoned-checkouts?olderThanMinutes&page (checkouts started, not paid, idle) and
// POST /api/admin/abandoned-checkouts/:id/recovery-email (once per checkout; 202, sent soon after).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  abandonedCheckoutsResponseSchema,
  recoveryEmailResponseSchema,
  type abandonedCheckoutSchema,
} from '@printshop/shared-events/api/admin';
import { api } from '@/lib/api-client';
import { adminKey, refreshAdmin } from '@/features/admin/admin-keys';

export type AbandonedCheckout = z.infer<typeof abandonedCheckoutSchema>;

export const useAbandonedCheckouts = (filter: { page: number; olderThanMinutes: number }) =>
  useQuery({
    queryKey: adminKey('abandoned', filter),
    queryFn: ({ signal }) =>
      api.get('/admin/abandoned-checkouts', {
        schema: abandonedCheckoutsResponseSchema,
        searchParams: { ...filter },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useSendRecoveryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkoutId: string) =>
      api.post(`/admin/abandoned-checkouts/${encodeURIComponent(checkoutId)}/recovery-email`, {
        schema: recoveryEmailResponseSchema,
      }),
    onSuccess: () => refreshAdmin(queryClient),
  });
}
