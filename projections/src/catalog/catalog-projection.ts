// The catalog read model (GET /api/products, /api/search, /api/settings and the admin's catalog and
// settings screens): the owner's products and settings as the `catalog-shop` stream has them, and
// every change after the seed as a history row (who, when, field, before, after). Rows follow from
// the events alone, so a replay of the log rebuilds the same model.
import type { Knex } from 'knex';
import { streamCategory } from '@printshop/shared-events/event-store';
import {
  CATALOG_EVENT_TYPES,
  CATALOG_STREAM_CATEGORY,
  type CatalogEvent,
} from '@printshop/shared-events/events/catalog';
import {
  CATALOG_READ_MODEL,
  CATALOG_CHANGES_TABLE,
  CATALOG_PRODUCTS_TABLE,
  CATALOG_PROJECTION,
  CATALOG_SETTINGS_TABLE,
} from '@printshop/shared-events/catalog-read-model';
import { createTables } from '../runner/create-tables';
import type { Projection } from '../runner/projection';

const SETTINGS_ID = 'shop';

interface Change {
  sku: string | null;
  field: string;
  before: unknown;
  after: unknown;
  by: string;
  at: string;
}

/** The history row of an event; undefined for the seed. */
function changeOf(event: CatalogEvent): Change | undefined {
  const { by, at } = event.data as { by: string; at: string };
  switch (event.type) {
    case 'ProductPriced': {
      const { sku, size, priceUsdCents, previousUsdCents } = event.data;
      const field = size === null ? 'price' : `price:${size}`;
      return { sku, field, before: previousUsdCents, after: priceUsdCents, by, at };
    }
    case 'ProductRenamed':
      return {
        sku: event.data.sku,
        field: 'name',
        before: event.data.previous,
        after: event.data.name,
        by,
        at,
      };
    case 'ProductDescribed': {
      const { sku, previous, description } = event.data;
      return { sku, field: 'description', before: previous, after: description, by, at };
    }
    case 'ProductImagesChanged': {
      const { sku, previous, images } = event.data;
      return { sku, field: 'images', before: previous, after: images, by, at };
    }
    case 'ProductHidden':
    case 'ProductShown':
      return {
        sku: event.data.sku,
        field: 'hidden',
        before: event.type === 'ProductShown',
        after: event.type === 'ProductHidden',
        by,
        at,
      };
    case 'FreeShippingThresholdChanged':
      return {
        sku: null,
        field: 'freeShippingThreshold',
        before: event.data.previousUsdCents,
        after: event.data.usdCents,
        by,
        at,
      };
    case 'ShippingRuleChanged':
      return {
        sku: null,
        field: `shipping:${event.data.country}`,
        before: event.data.previous,
        after: event.data.rule,
        by,
        at,
      };
    case 'CurrencyRateChanged':
      return {
        sku: null,
        field: `currencyRate:${event.data.code}`,
        before: event.data.previous,
        after: event.data.rate,
        by,
        at,
      };
    case 'QuantityBandsChanged':
      return {
        sku: null,
        field: `bands:${event.data.group}`,
        before: event.data.previous,
        after: event.data.bands,
        by,
        at,
      };
    case 'TrustCopyChanged':
      return {
        sku: null,
        field: `trust:${event.data.field}`,
        before: event.data.previous,
        after: event.data.text,
        by,
        at,
      };
    default:
      return undefined;
  }
}

async function applyOne(event: CatalogEvent, position: number, trx: Knex.Transaction, schema: string) {
  const products = () => trx.withSchema(schema).table(CATALOG_PRODUCTS_TABLE);
  const settings = () => trx.withSchema(schema).table(CATALOG_SETTINGS_TABLE);
  const product = (sku: string, change: Record<string, unknown>) =>
    products()
      .where({ sku })
      .update({ ...change, last_position: position });
  switch (event.type) {
    case 'ProductListed': {
      const { sku, name, description, priceUsdCents, sizePrices, hidden, at } = event.data;
      await products()
        .insert({
          sku,
          name,
          description,
          price_usd_cents: priceUsdCents,
          size_prices: JSON.stringify(sizePrices),
          hidden,
          listed_at: at,
          last_position: position,
        })
        .onConflict('sku')
        .ignore();
      break;
    }
    case 'ProductPriced': {
      const { sku, size, priceUsdCents } = event.data;
      if (size === null) await product(sku, { price_usd_cents: priceUsdCents });
      else
        await product(sku, {
          size_prices: trx.raw(`size_prices || jsonb_build_object(?::text, ?::int)`, [size, priceUsdCents]),
        });
      break;
    }
    case 'ProductRenamed':
      await product(event.data.sku, { name: event.data.name });
      break;
    case 'ProductDescribed':
      await product(event.data.sku, { description: event.data.description });
      break;
    case 'ProductHidden':
    case 'ProductShown':
      await product(event.data.sku, { hidden: event.type === 'ProductHidden' });
      break;
    case 'ProductImagesChanged':
      await product(event.data.sku, { images: JSON.stringify(event.data.images) });
      break;
    case 'SettingsSeeded': {
      const { freeShippingThresholdUsdCents, shipping, trust, currencyRates, quantityBands } = event.data;
      await settings()
        .insert({
          id: SETTINGS_ID,
          free_shipping_threshold_usd_cents: freeShippingThresholdUsdCents,
          shipping: JSON.stringify(shipping),
          trust: JSON.stringify(trust),
          currency_rates: JSON.stringify(currencyRates ?? {}),
          quantity_bands: JSON.stringify(quantityBands ?? {}),
          last_position: position,
        })
        .onConflict('id')
        .ignore();
      break;
    }
    case 'FreeShippingThresholdChanged':
      await settings()
        .where({ id: SETTINGS_ID })
        .update({ free_shipping_threshold_usd_cents: event.data.usdCents, last_position: position });
      break;
    case 'ShippingRuleChanged':
      await settings()
        .where({ id: SETTINGS_ID })
        .update({
          shipping: trx.raw(`shipping || jsonb_build_object(?::text, ?::jsonb)`, [
            event.data.country,
            JSON.stringify(event.data.rule),
          ]),
          last_position: position,
        });
      break;
    case 'CurrencyRateChanged':
      await settings()
        .where({ id: SETTINGS_ID })
        .update({
          currency_rates: trx.raw(`currency_rates || jsonb_build_object(?::text, ?::numeric)`, [
            event.data.code,
            event.data.rate,
          ]),
          last_position: position,
        });
      break;
    case 'QuantityBandsChanged':
      await settings()
        .where({ id: SETTINGS_ID })
        .update({
          quantity_bands: trx.raw(`quantity_bands || jsonb_build_object(?::text, ?::jsonb)`, [
            event.data.group,
            JSON.stringify(event.data.bands),
          ]),
          last_position: position,
        });
      break;
    case 'TrustCopyChanged':
      await settings()
        .where({ id: SETTINGS_ID })
        .update({
          trust: trx.raw(`trust || jsonb_build_object(?::text, ?::text)`, [
            event.data.field,
            event.data.text,
          ]),
          last_position: position,
        });
      break;
  }
  const change = changeOf(event);
  if (change) {
    await trx
      .withSchema(schema)
      .table(CATALOG_CHANGES_TABLE)
      .insert({
        position,
        sku: change.sku,
        field: change.field,
        before: JSON.stringify(change.before),
        after: JSON.stringify(change.after),
        changed_by: change.by,
        changed_at: change.at,
      })
      .onConflict('position')
      .ignore();
  }
}

export const catalogProjection: Projection<CatalogEvent> = {
  name: CATALOG_PROJECTION,
  eventTypes: CATALOG_EVENT_TYPES,
  tables: CATALOG_READ_MODEL.tables,
  async migrate(db, schema) {
    await createTables(db, schema, CATALOG_READ_MODEL.tables);
  },
  async apply(events, trx, schema) {
    for (const recorded of events) {
      if (streamCategory(recorded.streamName) !== CATALOG_STREAM_CATEGORY) continue;
      await applyOne(recorded, recorded.position, trx, schema);
    }
  },
};
