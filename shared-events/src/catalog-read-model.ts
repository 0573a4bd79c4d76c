// The contract between the catalog projection and its readers: the tables of schema `rm_catalog`.
export const CATALOG_PROJECTION = 'catalog';
export const CATALOG_PRODUCTS_TABLE = 'catalog_products';
export const CATALOG_SETTINGS_TABLE = 'catalog_settings';
/** One row per change after the seed: who, when, field, before, after. */
export const CATALOG_CHANGES_TABLE = 'catalog_changes';
