// GET /api/admin/users?page&search (accounts with their orders and spend) and
// PUT /api/admin/users/:id/admin {isAdmin} (promote or demote).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  adminUserResponseSchema,
  adminUsersResponseSchema,
  type adminUserSchema,
} from '@printshop/shared-events/api/admin';
import { api } from '@/lib/api-client';
import { adminKey, refreshAdmin } from '@/features/admin/admin-keys';

export type AdminUser = z.infer<typeof adminUserSchema>;

export const useAdminUsers = (filter: { page: number; search: string }) =>
  useQuery({
    queryKey: adminKey('users', filter),
    queryFn: ({ signal }) =>
      api.get('/admin/users', {
        schema: adminUsersResponseSchema,
        searchParams: { page: filter.page, search: filter.search.trim() },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useSetAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isAdmin }: { id: string; isAdmin: boolean }) =>
      api.put(`/admin/users/${encodeURIComponent(id)}/admin`, {
        schema: adminUserResponseSchema,
        json: { isAdmin },
      }),
    onSuccess: () => refreshAdmin(queryClient),
  });
}
