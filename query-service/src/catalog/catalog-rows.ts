// The catalog read model (schema rm_catalog) as a CatalogView: what the catalog GETs answer from.
// Until the projection has its tables and the seed (the first seconds of a new shop), the seed's
// own view: the same values the events will bring.
import type { Knex } from 'knex';
import {
  CATALOG_PRODUCTS_TABLE,
  CATALOG_PROJECTION,
  CATALOG_SETTINGS_TABLE,
  type CatalogProductRow,
  type CatalogSettingsRow,
} from '@printshop/shared-events/catalog-read-model';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { seedCatalogView } from '@printshop/shared-events/rules/catalog-seed';
import {
  seedCurrencyRates,
  seedQuantityBands,
  type CatalogEntry,
  type CatalogView,
} from '@printshop/shared-events/rules/catalog-view';

export const CATALOG_SCHEMA = readModelSchema(CATALOG_PROJECTION);

const noTablesYet = (error: unknown): [] => {
  if ((error as { code?: unknown }).code === '42P01') return [];
  throw error;
};

const entryOf = (row: CatalogProductRow): CatalogEntry => ({
  name: row.name,
  description: row.description,
  hidden: row.hidden,
  priceUsdCents: row.price_usd_cents,
  sizePrices: row.size_prices,
  ...(row.images && { images: row.images }),
});

export async function readCatalogView(db: Knex): Promise<CatalogView> {
  const [products, settings] = await Promise.all([
    db
      .withSchema(CATALOG_SCHEMA)
      .table(CATALOG_PRODUCTS_TABLE)
      .select<CatalogProductRow[]>('*')
      .catch(noTablesYet),
    db
      .withSchema(CATALOG_SCHEMA)
      .table(CATALOG_SETTINGS_TABLE)
      .select<CatalogSettingsRow[]>('*')
      .catch(noTablesYet),
  ]);
  const seed = products.length === 0 || settings.length === 0 ? seedCatalogView() : undefined;
  const row = settings[0];
  return {
    products: seed ? seed.products : Object.fromEntries(products.map((p) => [p.sku, entryOf(p)])),
    settings:
      seed?.settings ??
      (row
        ? {
            freeShippingThresholdUsdCents: row.free_shipping_threshold_usd_cents,
            shipping: row.shipping,
            trust: row.trust,
            currencyRates: { ...seedCurrencyRates(), ...row.currency_rates, USD: 1 },
            quantityBands: { ...seedQuantityBands(), ...row.quantity_bands },
          }
        : null),
  };
}
