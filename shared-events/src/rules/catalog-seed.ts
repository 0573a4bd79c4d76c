// The code's catalog and the spec's settings as the events that start a new shop's `catalog-shop`
// stream: a fresh shop looks exactly as the code describes it; afterwards only events change it.
import type { CatalogEvent } from '../events/catalog';
import { PRODUCTS } from './catalog';
import {
  emptyCatalogView,
  evolveCatalogView,
  seedCurrencyRates,
  seedQuantityBands,
  type CatalogView,
} from './catalog-view';
import { toMinor } from './money';
import {
  DEFAULT_FREE_SHIPPING_THRESHOLD_USD_CENTS,
  DOMESTIC_RULE,
  REST_OF_WORLD_RULE,
  SHIPPING_RULES,
} from './shipping';

export const SEED_ACTOR = 'system';

/** Trust copy before the owner writes any: what the pages said when it was code. */
export const SEED_TRUST_COPY = {
  deliveryPromise: 'Printed in 1-2 days and shipped worldwide with tracking.',
  ratingText: 'Rated by our customers',
} as const;

export function seedCatalogEvents(at: string): CatalogEvent[] {
  const products: CatalogEvent[] = PRODUCTS.map((product) => ({
    type: 'ProductListed',
    data: {
      sku: product.sku,
      name: product.name,
      description: '',
      priceUsdCents: product.basePriceUsdCents,
      sizePrices: Object.fromEntries((product.sizes ?? []).map((size) => [size.id, size.priceUsdCents])),
      hidden: false,
      by: SEED_ACTOR,
      at,
    },
  }));
  const rules = [...SHIPPING_RULES, DOMESTIC_RULE, REST_OF_WORLD_RULE];
  const settings: CatalogEvent = {
    type: 'SettingsSeeded',
    data: {
      freeShippingThresholdUsdCents: DEFAULT_FREE_SHIPPING_THRESHOLD_USD_CENTS,
      shipping: Object.fromEntries(
        rules.map((rule) => [
          rule.country,
          { feeMinor: toMinor(rule.baseRate, rule.currency), estimatedDays: { ...rule.estimatedDays } },
        ]),
      ),
      trust: { ...SEED_TRUST_COPY },
      currencyRates: seedCurrencyRates(),
      quantityBands: seedQuantityBands(),
      by: SEED_ACTOR,
      at,
    },
  };
  return [...products, settings];
}

/** The view a new shop starts with (what the rules use when given no view). */
export function seedCatalogView(): CatalogView {
  return seedCatalogEvents('1970-01-01T00:00:00.000Z').reduce(evolveCatalogView, emptyCatalogView());
}
