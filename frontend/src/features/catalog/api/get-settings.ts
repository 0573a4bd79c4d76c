// GET /api/settings (API.md): the free-shipping banner's threshold in USD, among others.
import { useQuery } from '@tanstack/react-query';
import { settingsResponseSchema } from '@printshop/shared-events/api/catalog';
import { api } from '../../../lib/api-client';

export const useSettings = () =>
  useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => api.get('/settings', { schema: settingsResponseSchema, signal, auth: false }),
    staleTime: 10 * 60_000,
  });
