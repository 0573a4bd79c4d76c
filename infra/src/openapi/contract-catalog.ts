// The owner's catalog and settings calls of docs/api.md (bearer of an admin; 403 otherwise).
import {
  adminCatalogResponseSchema,
  adminProductResponseSchema,
  adminSettingsResponseSchema,
  catalogHistoryResponseSchema,
  editProductBodySchema,
  editSettingsBodySchema,
  pricePreviewQuerySchema,
  pricePreviewResponseSchema,
} from '@printshop/shared-events/api/catalog-admin';
import type { Contract, Operation } from './operation';

const admin = (summary: string, operation: Omit<Operation, 'tag' | 'summary' | 'auth'> = {}): Operation => ({
  tag: 'Admin',
  summary,
  auth: 'admin',
  ...operation,
});

export const catalogAdminContract: Contract = {
  'GET /api/admin/catalog': admin('Every product with its prices, hidden ones too', {
    answer: adminCatalogResponseSchema,
  }),
  'PATCH /api/admin/catalog/:sku': admin(
    'Change a product: prices (USD cents), name, description, hidden, pictures (uploads or the code’s)',
    {
      body: editProductBodySchema,
      answer: adminProductResponseSchema,
    },
  ),
  'GET /api/admin/catalog/:sku/history': admin("A product's changes: who, when, before, after", {
    answer: catalogHistoryResponseSchema,
  }),
  'GET /api/admin/catalog/:sku/price-preview': admin('The open carts a new price would change', {
    query: pricePreviewQuerySchema,
    answer: pricePreviewResponseSchema,
  }),
  'GET /api/admin/settings': admin('Free-shipping threshold, shipping fees and days, trust copy', {
    answer: adminSettingsResponseSchema,
  }),
  'PATCH /api/admin/settings': admin('Change the settings', {
    body: editSettingsBodySchema,
    answer: adminSettingsResponseSchema,
  }),
  'GET /api/admin/settings/history': admin("The settings' changes: who, when, before, after", {
    answer: catalogHistoryResponseSchema,
  }),
};
