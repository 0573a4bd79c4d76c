// API.md's admin Product and Settings, from the code's static facts (paths, images, categories,
// country names) and the owner's current values (a catalog entry, the settings).
import { bandGroupOf } from '../rules/cart-pricing';
import {
  discountSchemeOf,
  imagesOf,
  type CatalogEntry,
  type CatalogView,
  type ShopSettings,
} from '../rules/catalog-view';
import { PRODUCTS, type Product } from '../rules/catalog';
import { ownedBands } from '../rules/discounts';
import { DOMESTIC_RULE, REST_OF_WORLD_RULE, SHIPPING_RULES } from '../rules/shipping';
import type { AdminProduct, AdminSettings } from './catalog-admin';

/** The product's entry, with its group's bands from the view (the code's without settings). */
export function adminProductDto(product: Product, entry: CatalogEntry, view?: CatalogView): AdminProduct {
  const sizes = Object.values(entry.sizePrices);
  const images = imagesOf(product, entry);
  const bandGroup = bandGroupOf(product.family) ?? null;
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
    bandGroup,
    bands: bandGroup ? ownedBands(discountSchemeOf(bandGroup, view)) : [],
  };
}

/** Products of the code in the code's order; the owner's entry of each (skipped when unlisted). */
export function adminCatalogDto(view: CatalogView): AdminProduct[] {
  return PRODUCTS.flatMap((product) => {
    const entry = view.products[product.sku];
    return entry ? [adminProductDto(product, entry, view)] : [];
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
