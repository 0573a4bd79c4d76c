// The admin's order calls (API.md "Admin"): the list with filters, one order with its audit trail,
// a status change, bulk archive ("delete": an event, never a row delete) and the print-files ZIP.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  adminOrderResponseSchema,
  adminOrdersResponseSchema,
  bulkDeleteOrdersResponseSchema,
  type updateOrderStatusBodySchema,
} from '@printshop/shared-events/api/admin';
import { orderResponseSchema } from '@printshop/shared-events/api/orders';
import { api, apiDownload, ApiError } from '@/lib/api-client';
import type { OrderStatus } from '@/lib/order-status';
import { adminKey, refreshAdmin } from '@/features/admin/admin-keys';

export interface OrdersFilter {
  page: number;
  status: OrderStatus | '';
  search: string;
}

export type StatusChangeBody = z.input<typeof updateOrderStatusBodySchema>;
export type AdminOrderAnswer = z.infer<typeof adminOrderResponseSchema>;

export const getAdminOrders = (filter: OrdersFilter, signal?: AbortSignal) =>
  api.get('/admin/orders', {
    schema: adminOrdersResponseSchema,
    searchParams: { page: filter.page, status: filter.status, search: filter.search.trim() },
    signal,
  });

export const useAdminOrders = (filter: OrdersFilter) =>
  useQuery({
    queryKey: adminKey('orders', filter),
    queryFn: ({ signal }) => getAdminOrders(filter, signal),
    placeholderData: keepPreviousData,
  });

const orderPath = (id: string) => `/admin/orders/${encodeURIComponent(id)}`;

/** Paid orders not yet in production, oldest first: the production queue (one page of them). */
export const useProductionQueue = (page: number) =>
  useQuery({
    queryKey: adminKey('production', page),
    queryFn: ({ signal }) =>
      api.get('/admin/orders', {
        schema: adminOrdersResponseSchema,
        searchParams: { page, status: 'paid', sort: 'oldest' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useAdminOrder = (id: string) =>
  useQuery({
    queryKey: adminKey('order', id),
    queryFn: ({ signal }) => api.get(orderPath(id), { schema: adminOrderResponseSchema, signal }),
  });

/** A move the order refused (409 or 422): it is not where this screen thought, or cannot go there. */
export const isRefusedMove = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 409 || error.status === 422);

export function useChangeOrderStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StatusChangeBody) =>
      api.put(`${orderPath(id)}/status`, { schema: orderResponseSchema, json: body }),
    onSuccess: () => refreshAdmin(queryClient),
    // A refusal usually means another tab moved the order: reload it, so the real status and the
    // moves it now allows show.
    onError: (error) => (isRefusedMove(error) ? refreshAdmin(queryClient) : undefined),
  });
}

export function useBulkDeleteOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderIds: string[]) =>
      api.delete('/admin/orders/bulk', { schema: bulkDeleteOrdersResponseSchema, json: { orderIds } }),
    onSuccess: () => refreshAdmin(queryClient),
  });
}

export async function downloadPrintFiles(id: string, orderNumber: string) {
  const file = await apiDownload(`${orderPath(id)}/print-files`);
  return { blob: file.blob, filename: file.filename ?? `${orderNumber}-print-files.zip` };
}
