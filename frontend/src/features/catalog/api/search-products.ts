// GET /api/search?q= (API.md): products whose name, category or SKU contain the term.
import { useQuery } from '@tanstack/react-query';
import { searchResponseSchema } from '@printshop/shared-events/api/catalog';
import { api } from '@/lib/api-client';

export const useProductSearch = (q: string) =>
  useQuery({
    queryKey: ['search', q],
    queryFn: async ({ signal }) =>
      (await api.get('/search', { schema: searchResponseSchema, searchParams: { q }, signal, auth: false }))
        .data,
    enabled: q.trim() !== '',
  });
