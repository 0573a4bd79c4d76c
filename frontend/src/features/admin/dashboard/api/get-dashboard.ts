// GET /api/admin/dashboard: the figures of today, the last 7 and 30 days, and the latest orders.
import { useQuery } from '@tanstack/react-query';
import { dashboardResponseSchema } from '@printshop/shared-events/api/admin';
import { api } from '@/lib/api-client';
import { adminKey } from '@/features/admin/admin-keys';

export const getDashboard = (signal?: AbortSignal) =>
  api.get('/admin/dashboard', { schema: dashboardResponseSchema, signal });

export const useDashboard = () =>
  useQuery({ queryKey: adminKey('dashboard'), queryFn: ({ signal }) => getDashboard(signal) });
