// The owner's catalog and settings (API.md "Admin"): GET /api/admin/catalog, PATCH
// /api/admin/catalog/:sku, its history and price preview; GET/PATCH /api/admin/settings and its
// history. A change refreshes every admin list and the storefront's catalog and settings.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  adminCatalogResponseSchema,
  adminProductResponseSchema,
  adminSettingsResponseSchema,
  catalogHistoryResponseSchema,
  pricePreviewResponseSchema,
  type editProductBodySchema,
  type editSettingsBodySchema,
} from '@printshop/shared-events/api/catalog-admin';
import { api } from '@/lib/api-client';
import { adminKey, refreshAdmin } from '@/features/admin/admin-keys';

export type ProductChange = z.infer<typeof editProductBodySchema>;
export type SettingsChange = z.infer<typeof editSettingsBodySchema>;

const productPath = (sku: string) => `/admin/catalog/${encodeURIComponent(sku)}`;

export const useAdminCatalog = () =>
  useQuery({
    queryKey: adminKey('catalog'),
    queryFn: ({ signal }) => api.get('/admin/catalog', { schema: adminCatalogResponseSchema, signal }),
  });

export const useProductHistory = (sku: string) =>
  useQuery({
    queryKey: adminKey('catalog', sku, 'history'),
    queryFn: ({ signal }) =>
      api.get(`${productPath(sku)}/history`, { schema: catalogHistoryResponseSchema, signal }),
  });

export interface PreviewedChange {
  /** The new price; null keeps the product's. */
  priceUsdCents: number | null;
  size: string | null;
  /** The group's new bands as `minQuantity:rateBps` pairs (`10:1500,50:2500`); null keeps them. */
  bands: string | null;
}

/** The open carts a new price or new bands would change; asked for only when one of them is given. */
export const usePricePreview = (sku: string, change: PreviewedChange | null) =>
  useQuery({
    queryKey: adminKey('catalog', sku, 'preview', change?.priceUsdCents, change?.size, change?.bands),
    enabled: change !== null && (change.priceUsdCents !== null || change.bands !== null),
    queryFn: ({ signal }) =>
      api.get(`${productPath(sku)}/price-preview`, {
        schema: pricePreviewResponseSchema,
        searchParams: {
          ...(change?.priceUsdCents != null && { priceUsdCents: change.priceUsdCents }),
          ...(change?.size && { size: change.size }),
          ...(change?.bands != null && { bands: change.bands }),
        },
        signal,
      }),
  });

export const useAdminSettings = () =>
  useQuery({
    queryKey: adminKey('settings'),
    queryFn: ({ signal }) => api.get('/admin/settings', { schema: adminSettingsResponseSchema, signal }),
  });

export const useSettingsHistory = () =>
  useQuery({
    queryKey: adminKey('settings', 'history'),
    queryFn: ({ signal }) =>
      api.get('/admin/settings/history', { schema: catalogHistoryResponseSchema, signal }),
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await refreshAdmin(queryClient);
    // The storefront's own answers (products, settings) are stale too.
    await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'admin' });
  };
}

export function useEditProduct() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ sku, change }: { sku: string; change: ProductChange }) =>
      api.patch(productPath(sku), { schema: adminProductResponseSchema, json: change }),
    onSuccess: refresh,
  });
}

export function useEditSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (change: SettingsChange) =>
      api.patch('/admin/settings', { schema: adminSettingsResponseSchema, json: change }),
    onSuccess: refresh,
  });
}
