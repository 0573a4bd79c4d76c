// GET /api/products (API.md): the product list with USD prices; spec 1 §8's fallback message.
import { useQuery } from '@tanstack/react-query';
import type { ProductDto } from '@printshop/shared-events/api/catalog';
import { FEATURED_SKUS } from '@printshop/shared-events/rules/catalog';
import { api } from '@/lib/api-client';
import { productsResponseSchema } from '@/lib/mini-schemas/catalog';

export const PRODUCTS_ERROR = 'Could not load products.';

export async function getProducts(signal?: AbortSignal): Promise<ProductDto[]> {
  const answer = await api.get('/products', { schema: productsResponseSchema, signal, auth: false });
  return answer.data;
}

/** The home page's featured subset, in the order of spec 1 §9. */
export function featuredOf(products: readonly ProductDto[]): ProductDto[] {
  const bySku = new Map(products.map((p) => [p.sku, p]));
  return FEATURED_SKUS.map((sku) => bySku.get(sku)).filter((p): p is ProductDto => p !== undefined);
}

export const useProducts = () =>
  useQuery({ queryKey: ['products'], queryFn: ({ signal }) => getProducts(signal), staleTime: 5 * 60_000 });
