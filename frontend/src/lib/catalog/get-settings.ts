// GET /api/settings (API.md): the free-shipping banner's threshold in USD, among others.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsResponseSchema } from '@/lib/mini-schemas/catalog';

export const useSettings = () =>
  useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => api.get('/settings', { schema: settingsResponseSchema, signal, auth: false }),
    staleTime: 10 * 60_000,
  });
