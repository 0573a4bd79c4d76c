// API.md's admin Product and Settings, from the code's static facts (paths, images, categories,
// country names) and the owner's current values (a catalog entry, the settings).
import { imagesOf, type CatalogEntry, type ShopSettings } from '../rules/catalog-view';
import { PRODUCTS, type Product } from '../rules/catalog';
import { DOMESTIC_RULE, REST_OF_WORLD_RULE, SHIPPING_RULES } from '../rules/shipping';
import type { AdminProduct, AdminSettings } from './catalog-admin';

export function adminProductDto(product: Product, entry: CatalogEntry): AdminProduct {
  const sizes = Object.values(entry.sizePrices);
  const images = imagesOf(product, entry);
  return {
    sku: product.sku,
    name: entry.name,
    description: entry.description,
    category: product.category,
    path: product.path,
    imageUrl: images[0]!,
    images,
    hidden: entry.hidden,
    priceUsdCents: sizes.length > 0 ? Math.min(...sizes) : entry.priceUsdCents,
    sizePrices: { ...entry.sizePrices },
  };
}

/** Products of the code in the code's order; the owner's entry of each (skipped when unlisted). */
export function adminCatalogDto(entries: Readonly<Record<string, CatalogEntry>>): AdminProduct[] {
  return PRODUCTS.flatMap((product) => {
    const entry = entries[product.sku];
    return entry ? [adminProductDto(product, entry)] : [];
  });
}

const RULES = [...SHIPPING_RULES, DOMESTIC_RULE, REST_OF_WORLD_RULE];

export function adminSettingsDto(settings: ShopSettings): AdminSettings {
  return {
    freeShippingThresholdUsdCents: settings.freeShippingThresholdUsdCents,
    shipping: RULES.flatMap((rule) => {
      const own = settings.shipping[rule.country];
      return own
        ? [
            {
              country: rule.country,
              countryName: rule.countryName,
              currency: rule.currency,
              feeMinor: own.feeMinor,
              estimatedDays: { ...own.estimatedDays },
            },
          ]
        : [];
    }),
    trust: { ...settings.trust },
    currencyRates: { ...settings.currencyRates },
  };
}
