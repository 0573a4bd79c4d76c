// The contract between the catalog projection and its readers: the tables of schema `rm_catalog`.
import type { QuantityBand, ShippingSetting, TrustCopy } from './events/catalog';
import type { ReadModel } from './read-models';

export const CATALOG_PROJECTION = 'catalog';
export const CATALOG_PRODUCTS_TABLE = 'catalog_products';
export const CATALOG_SETTINGS_TABLE = 'catalog_settings';
/** One row per change after the seed: who, when, field, before, after. */
export const CATALOG_CHANGES_TABLE = 'catalog_changes';

export const CATALOG_READ_MODEL: ReadModel = {
  name: CATALOG_PROJECTION,
  tables: [
    {
      name: CATALOG_PRODUCTS_TABLE,
      primaryKey: ['sku'],
      columns: `
         sku text primary key,
         name text not null,
         description text not null,
         price_usd_cents integer not null,
         size_prices jsonb not null,
         hidden boolean not null,
         listed_at timestamptz not null,
         last_position bigint not null
       `,
      // Added with owner-set pictures; null: the code's image.
      addedColumns: ['images jsonb'],
    },
    {
      name: CATALOG_SETTINGS_TABLE,
      primaryKey: ['id'],
      columns: `
         id text primary key,
         free_shipping_threshold_usd_cents integer not null,
         shipping jsonb not null,
         trust jsonb not null,
         last_position bigint not null
       `,
      // Added with currency rates, then quantity bands, as settings; rates or a group's bands absent
      // here are the code's (catalog-view.ts).
      addedColumns: [
        "currency_rates jsonb not null default '{}'",
        "quantity_bands jsonb not null default '{}'",
      ],
    },
    {
      name: CATALOG_CHANGES_TABLE,
      primaryKey: ['position'],
      columns: `
         position bigint primary key,
         sku text,
         field text not null,
         before jsonb,
         after jsonb,
         changed_by text not null,
         changed_at timestamptz not null
       `,
      indexes: { catalog_changes_by_sku: '(sku, position desc)' },
    },
  ],
};

/** Rows as read (bigint columns arrive from Postgres as strings). */
export interface CatalogProductRow {
  sku: string;
  name: string;
  description: string;
  price_usd_cents: number;
  size_prices: Record<string, number>;
  hidden: boolean;
  images: string[] | null;
  listed_at: Date;
  last_position: string | number;
}
export interface CatalogSettingsRow {
  id: string;
  free_shipping_threshold_usd_cents: number;
  shipping: Record<string, ShippingSetting>;
  trust: TrustCopy;
  currency_rates: Record<string, number>;
  /** Group -> its bands from quantity 1 up. */
  quantity_bands: Partial<Record<'poster' | 'upload-panel', QuantityBand[]>>;
  last_position: string | number;
}
export interface CatalogChangeRow {
  position: string | number;
  sku: string | null;
  field: string;
  before: unknown;
  after: unknown;
  changed_by: string;
  changed_at: Date;
}
