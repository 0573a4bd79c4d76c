// The catalog and settings as the owner has them now: the fold of the `catalog-shop` stream. Pure:
// the pricing rules (catalog.ts pricedSku, cart-pricing.ts, shipping-terms.ts) take it as an
// argument; without one they use the code's values, which are also the seed of a new shop
// (catalog-seed.ts), so both agree until an admin changes something.
import type { CatalogEvent, ShippingSetting, TrustCopy } from '../events/catalog';
import type { Product } from './catalog';
import { CURRENCIES, type CurrencyCode } from './currencies';
import {
  BAND_GROUPS,
  ownedBands,
  schemeWith,
  SEED_DISCOUNT_SCHEMES,
  type BandGroup,
  type DiscountBand,
  type DiscountScheme,
} from './discounts';
import { toMajor, type CurrencyRates } from './money';
import type { ShippingRule } from './shipping';

export interface CatalogEntry {
  name: string;
  description: string;
  hidden: boolean;
  /** The product's own price (products without sizes). */
  priceUsdCents: number;
  /** Size id -> price (collages). */
  sizePrices: Readonly<Record<string, number>>;
  /** The owner's pictures, main first; absent until set (then the code's imageUrl). */
  images?: readonly string[];
}

/** A product's pictures as the owner has them: their own, else the code's one image (the seed). */
export const imagesOf = (product: Pick<Product, 'imageUrl'>, entry: CatalogEntry | undefined): string[] =>
  entry?.images && entry.images.length > 0 ? [...entry.images] : [product.imageUrl];

export interface ShopSettings {
  /** The threshold of the USD rules (United States, rest of world) and of the banner's default. */
  freeShippingThresholdUsdCents: number;
  /** Country -> its fee and delivery days; countries absent keep the code's rule. */
  shipping: Readonly<Record<string, ShippingSetting>>;
  trust: TrustCopy;
  /** Units per USD of every display currency (currencies.ts is the seed; USD is always 1). */
  currencyRates: Readonly<Record<CurrencyCode, number>>;
  /** Each group's quantity bands from quantity 1 up (discounts.ts is the seed). */
  quantityBands: Readonly<Record<BandGroup, readonly DiscountBand[]>>;
}

/** The spec's table (currencies.ts): the rates of a new shop and of one seeded before rates were settings. */
export const seedCurrencyRates = (): Record<CurrencyCode, number> =>
  Object.fromEntries(CURRENCIES.map((c) => [c.code, c.ratePerUsd])) as Record<CurrencyCode, number>;

/** The code's bands: those of a new shop and of one seeded before bands were settings. */
export const seedQuantityBands = (): Record<BandGroup, DiscountBand[]> =>
  Object.fromEntries(BAND_GROUPS.map((group) => [group, ownedBands(SEED_DISCOUNT_SCHEMES[group])])) as Record<
    BandGroup,
    DiscountBand[]
  >;

/** The scheme every server-side price uses for a group: the owner's bands, or the code's without a view. */
export function discountSchemeOf(group: BandGroup, view: CatalogView | undefined): DiscountScheme {
  const bands = view?.settings?.quantityBands[group];
  return bands ? schemeWith(group, bands) : SEED_DISCOUNT_SCHEMES[group];
}

/** The rates every server-side conversion uses: the owner's, or the seed's without a view. */
export function ratesOf(view: CatalogView | undefined): CurrencyRates | undefined {
  return view?.settings?.currencyRates;
}

export interface CatalogView {
  products: Readonly<Record<string, CatalogEntry>>;
  /** null until SettingsSeeded. */
  settings: ShopSettings | null;
}

export const emptyCatalogView = (): CatalogView => ({ products: {}, settings: null });

export function evolveCatalogView(view: CatalogView, event: CatalogEvent): CatalogView {
  const product = (sku: string, change: Partial<CatalogEntry>): CatalogView => {
    const entry = view.products[sku];
    return entry ? { ...view, products: { ...view.products, [sku]: { ...entry, ...change } } } : view;
  };
  const settings = (change: Partial<ShopSettings>): CatalogView =>
    view.settings ? { ...view, settings: { ...view.settings, ...change } } : view;
  switch (event.type) {
    case 'ProductListed': {
      const { sku, name, description, priceUsdCents, sizePrices, hidden } = event.data;
      return {
        ...view,
        products: { ...view.products, [sku]: { name, description, priceUsdCents, sizePrices, hidden } },
      };
    }
    case 'ProductPriced': {
      const { sku, size, priceUsdCents } = event.data;
      const entry = view.products[sku];
      if (!entry) return view;
      return size === null
        ? product(sku, { priceUsdCents })
        : product(sku, { sizePrices: { ...entry.sizePrices, [size]: priceUsdCents } });
    }
    case 'ProductRenamed':
      return product(event.data.sku, { name: event.data.name });
    case 'ProductDescribed':
      return product(event.data.sku, { description: event.data.description });
    case 'ProductHidden':
      return product(event.data.sku, { hidden: true });
    case 'ProductShown':
      return product(event.data.sku, { hidden: false });
    case 'ProductImagesChanged':
      return product(event.data.sku, { images: [...event.data.images] });
    case 'SettingsSeeded': {
      const { freeShippingThresholdUsdCents, shipping, trust, currencyRates, quantityBands } = event.data;
      // A shop seeded before rates (or bands) were settings has none in its seed: the code's then.
      const rates = { ...seedCurrencyRates(), ...currencyRates, USD: 1 };
      const bands = { ...seedQuantityBands(), ...quantityBands };
      return {
        ...view,
        settings: {
          freeShippingThresholdUsdCents,
          shipping,
          trust,
          currencyRates: rates,
          quantityBands: bands,
        },
      };
    }
    case 'QuantityBandsChanged':
      return view.settings
        ? settings({
            quantityBands: { ...view.settings.quantityBands, [event.data.group]: event.data.bands },
          })
        : view;
    case 'FreeShippingThresholdChanged':
      return settings({ freeShippingThresholdUsdCents: event.data.usdCents });
    case 'ShippingRuleChanged':
      return settings({
        shipping: { ...view.settings?.shipping, [event.data.country]: event.data.rule },
      });
    case 'TrustCopyChanged':
      return view.settings
        ? settings({ trust: { ...view.settings.trust, [event.data.field]: event.data.text } })
        : view;
    case 'CurrencyRateChanged':
      return view.settings && event.data.code !== 'USD'
        ? settings({ currencyRates: { ...view.settings.currencyRates, [event.data.code]: event.data.rate } })
        : view;
    default:
      return view;
  }
}

/** The product as the owner has it: name, prices and pictures from the view (the code's when unlisted). */
export function productIn(
  product: Product,
  view: CatalogView | undefined,
): Product & { description: string; hidden: boolean; images: string[] } {
  const entry = view?.products[product.sku];
  if (!entry) return { ...product, description: '', hidden: false, images: [product.imageUrl] };
  const images = imagesOf(product, entry);
  const sizes = product.sizes?.map((size) => ({
    ...size,
    priceUsdCents: entry.sizePrices[size.id] ?? size.priceUsdCents,
  }));
  return {
    ...product,
    name: entry.name,
    description: entry.description,
    hidden: entry.hidden,
    imageUrl: images[0]!,
    images,
    basePriceUsdCents: sizes ? Math.min(...sizes.map((s) => s.priceUsdCents)) : entry.priceUsdCents,
    ...(sizes && { sizes }),
  };
}

/** A shipping rule with the owner's fee, days and (for USD rules) free-shipping threshold. */
export function ruleIn(rule: ShippingRule, settings: ShopSettings | null | undefined): ShippingRule {
  if (!settings) return rule;
  const own = settings.shipping[rule.country];
  const threshold =
    rule.currency === 'USD' && rule.freeShippingThreshold !== null
      ? toMajor(settings.freeShippingThresholdUsdCents, 'USD')
      : rule.freeShippingThreshold;
  return {
    ...rule,
    freeShippingThreshold: threshold,
    ...(own && {
      baseRate: toMajor(own.feeMinor, rule.currency),
      estimatedDays: { ...own.estimatedDays },
    }),
  };
}
