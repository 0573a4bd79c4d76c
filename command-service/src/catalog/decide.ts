// The catalog's rules, pure: the seed once, then the admin's edits of a product or of the settings.
// An edit gives one event per field that really changes (each with its value before), none when
// nothing changes. Who and when arrive in the command.
import type { Decider } from '@printshop/shared-events/decider';
import { NotFound, RuleBroken, ValidationError } from '@printshop/shared-events/errors';
import {
  MAX_PRODUCT_IMAGES,
  PRODUCT_IMAGE_URL,
  type CatalogEvent,
  type TrustCopy,
} from '@printshop/shared-events/events/catalog';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { imagesOf } from '@printshop/shared-events/rules/catalog-view';
import { seedCatalogEvents } from '@printshop/shared-events/rules/catalog-seed';
import { isCurrencyCode } from '@printshop/shared-events/rules/currencies';
import { evolveCatalog, initialCatalogState, isSeeded, type CatalogState } from './catalog';
import { bandChanges } from './quantity-bands';

/** 100,000 USD: far above any print; a typo of a few zeros is refused. */
export const MAX_PRICE_USD_CENTS = 10_000_000;
export const MAX_SHIPPING_DAYS = 365;
/** Far above any display currency's rate (KRW ~1300); a typo of several zeros is refused. */
export const MAX_RATE_PER_USD = 1_000_000;

export const CATALOG_MESSAGES = {
  unknownSku: (sku: string) => `We have no product with the SKU "${sku}".`,
  price: 'A price is a whole number of USD cents, 0 or more (e.g. 39 for $0.39).',
  priceTooHigh: `A price cannot be more than ${MAX_PRICE_USD_CENTS} USD cents.`,
  sizedProduct: (sku: string) => `"${sku}" is sold in sizes: set the price of each size (sizePrices).`,
  unsizedProduct: (sku: string) => `"${sku}" has no sizes: set its price with priceUsdCents.`,
  unknownSize: (size: string) => `Unknown size "${size}".`,
  name: 'The name must have 1 to 300 characters.',
  description: 'The description can have at most 5000 characters.',
  threshold: 'The free-shipping threshold is a whole number of USD cents, 0 or more.',
  unknownCountry: (country: string) => `We have no shipping rule for the country "${country}".`,
  fee: 'A shipping fee is a whole number of minor units of the country’s currency, 0 or more.',
  days: `Delivery days are whole numbers from 0 to ${MAX_SHIPPING_DAYS}, the minimum not above the maximum.`,
  trust: 'Trust copy can have at most 500 characters.',
  rate: (code: string) => `The rate of ${code} must be a number above 0 (units of ${code} per 1 USD).`,
  rateTooHigh: (code: string) => `The rate of ${code} cannot be more than ${MAX_RATE_PER_USD} per 1 USD.`,
  unknownCurrency: (code: string) =>
    `We do not show prices in "${code}"; use one of the shop’s currency codes.`,
  usdFixed: 'USD is the shop’s base currency: its rate is always 1.',
  images: `Give 1 to ${MAX_PRODUCT_IMAGES} pictures, each once: uploaded images or the shop’s own product pictures.`,
  unknownImage: (id: string) => `We have no uploaded image "${id}"; upload it again.`,
  unknownPicture: (url: string) =>
    `We have no product picture "${url}"; choose one of the shop's pictures or upload one.`,
  notSeeded: 'The catalog has not been set up yet; restart the shop.',
} as const;

export interface ProductEdit {
  sku: string;
  priceUsdCents?: number;
  /** Size id -> price (collages). */
  sizePrices?: Record<string, number>;
  name?: string;
  description?: string;
  hidden?: boolean;
  /** Picture URLs, main first; the router has resolved uploads to `/images/<id>` (and checked they exist). */
  images?: readonly string[];
  /** The quantity bands of the product's group (quantity-bands.ts checks them). */
  bands?: unknown;
}

export interface SettingsEdit {
  freeShippingThresholdUsdCents?: number;
  shipping?: Record<string, { feeMinor?: number; estimatedDays?: { min: number; max: number } }>;
  trust?: Partial<TrustCopy>;
  /** Code -> units per 1 USD. */
  currencyRates?: Record<string, unknown>;
}

interface Who {
  by: string;
  at: string;
}

export type CatalogCommand =
  | { type: 'SeedCatalog'; data: { at: string } }
  | { type: 'EditProduct'; data: ProductEdit & Who }
  | { type: 'EditSettings'; data: SettingsEdit & Who };

const invalid = (field: string, message: string) => new ValidationError(message, { [field]: message });

function checkPrice(field: string, cents: number): void {
  if (!Number.isInteger(cents) || cents < 0) throw invalid(field, CATALOG_MESSAGES.price);
  if (cents > MAX_PRICE_USD_CENTS) throw invalid(field, CATALOG_MESSAGES.priceTooHigh);
}

function editProduct(state: CatalogState, data: ProductEdit & Who): CatalogEvent[] {
  const { by, at } = data;
  const sku = data.sku.trim().toUpperCase();
  const entry = state.products[sku];
  if (!entry) throw new NotFound(CATALOG_MESSAGES.unknownSku(data.sku));
  const sized = Object.keys(entry.sizePrices).length > 0;
  const events: CatalogEvent[] = [];
  if (data.priceUsdCents !== undefined) {
    if (sized) throw invalid('priceUsdCents', CATALOG_MESSAGES.sizedProduct(sku));
    checkPrice('priceUsdCents', data.priceUsdCents);
    if (data.priceUsdCents !== entry.priceUsdCents) {
      const previousUsdCents = entry.priceUsdCents;
      events.push({
        type: 'ProductPriced',
        data: { sku, size: null, priceUsdCents: data.priceUsdCents, previousUsdCents, by, at },
      });
    }
  }
  for (const [size, cents] of Object.entries(data.sizePrices ?? {})) {
    if (!sized) throw invalid('sizePrices', CATALOG_MESSAGES.unsizedProduct(sku));
    const previousUsdCents = entry.sizePrices[size];
    if (previousUsdCents === undefined) throw invalid('sizePrices', CATALOG_MESSAGES.unknownSize(size));
    checkPrice('sizePrices', cents);
    if (cents !== previousUsdCents) {
      events.push({
        type: 'ProductPriced',
        data: { sku, size, priceUsdCents: cents, previousUsdCents, by, at },
      });
    }
  }
  if (data.name !== undefined) {
    const name = data.name.trim();
    if (name.length < 1 || name.length > 300) throw invalid('name', CATALOG_MESSAGES.name);
    if (name !== entry.name)
      events.push({ type: 'ProductRenamed', data: { sku, name, previous: entry.name, by, at } });
  }
  if (data.description !== undefined) {
    const description = data.description.trim();
    if (description.length > 5000) throw invalid('description', CATALOG_MESSAGES.description);
    if (description !== entry.description) {
      events.push({
        type: 'ProductDescribed',
        data: { sku, description, previous: entry.description, by, at },
      });
    }
  }
  if (data.hidden !== undefined && data.hidden !== entry.hidden) {
    events.push({ type: data.hidden ? 'ProductHidden' : 'ProductShown', data: { sku, by, at } });
  }
  if (data.images !== undefined) {
    const images = [...data.images];
    const fine =
      images.length >= 1 &&
      images.length <= MAX_PRODUCT_IMAGES &&
      new Set(images).size === images.length &&
      images.every((url) => PRODUCT_IMAGE_URL.test(url));
    if (!fine) throw invalid('images', CATALOG_MESSAGES.images);
    const code = productBySku(sku);
    const previous = code ? imagesOf(code, entry) : [...(entry.images ?? [])];
    if (images.join('\n') !== previous.join('\n'))
      events.push({ type: 'ProductImagesChanged', data: { sku, images, previous, by, at } });
  }
  if (data.bands !== undefined) {
    const product = productBySku(sku);
    if (!product) throw new NotFound(CATALOG_MESSAGES.unknownSku(data.sku));
    if (!state.settings) throw new RuleBroken(CATALOG_MESSAGES.notSeeded);
    events.push(...bandChanges(state.settings, product, data.bands, { by, at }));
  }
  return events;
}

const isDays = (days: { min: number; max: number }) =>
  [days.min, days.max].every((d) => Number.isInteger(d) && d >= 0 && d <= MAX_SHIPPING_DAYS) &&
  days.min <= days.max;

function editSettings(state: CatalogState, data: SettingsEdit & Who): CatalogEvent[] {
  const { by, at } = data;
  const settings = state.settings;
  if (!settings) throw new RuleBroken(CATALOG_MESSAGES.notSeeded);
  const events: CatalogEvent[] = [];
  const threshold = data.freeShippingThresholdUsdCents;
  if (threshold !== undefined) {
    if (!Number.isInteger(threshold) || threshold < 0)
      throw invalid('freeShippingThresholdUsdCents', CATALOG_MESSAGES.threshold);
    if (threshold > MAX_PRICE_USD_CENTS)
      throw invalid('freeShippingThresholdUsdCents', CATALOG_MESSAGES.threshold);
    if (threshold !== settings.freeShippingThresholdUsdCents) {
      const previousUsdCents = settings.freeShippingThresholdUsdCents;
      events.push({
        type: 'FreeShippingThresholdChanged',
        data: { usdCents: threshold, previousUsdCents, by, at },
      });
    }
  }
  for (const [code, change] of Object.entries(data.shipping ?? {})) {
    const country = code.trim().toUpperCase();
    const previous = settings.shipping[country];
    if (!previous) throw invalid('shipping', CATALOG_MESSAGES.unknownCountry(code));
    const feeMinor = change.feeMinor ?? previous.feeMinor;
    if (!Number.isInteger(feeMinor) || feeMinor < 0 || feeMinor > MAX_PRICE_USD_CENTS * 10_000)
      throw invalid('shipping', CATALOG_MESSAGES.fee);
    const estimatedDays = change.estimatedDays ?? previous.estimatedDays;
    if (!isDays(estimatedDays)) throw invalid('shipping', CATALOG_MESSAGES.days);
    const same =
      feeMinor === previous.feeMinor &&
      estimatedDays.min === previous.estimatedDays.min &&
      estimatedDays.max === previous.estimatedDays.max;
    if (!same) {
      events.push({
        type: 'ShippingRuleChanged',
        data: { country, rule: { feeMinor, estimatedDays: { ...estimatedDays } }, previous, by, at },
      });
    }
  }
  for (const field of ['deliveryPromise', 'ratingText'] as const) {
    const text = data.trust?.[field]?.trim();
    if (text === undefined) continue;
    if (text.length > 500) throw invalid(`trust.${field}`, CATALOG_MESSAGES.trust);
    if (text !== settings.trust[field]) {
      events.push({
        type: 'TrustCopyChanged',
        data: { field, text, previous: settings.trust[field], by, at },
      });
    }
  }
  events.push(...rateChanges(settings.currencyRates, data));
  return events;
}

function rateChanges(rates: Readonly<Record<string, number>>, data: SettingsEdit & Who): CatalogEvent[] {
  const { by, at } = data;
  const events: CatalogEvent[] = [];
  for (const [given, rate] of Object.entries(data.currencyRates ?? {})) {
    const code = given.trim().toUpperCase();
    const field = `currencyRates.${given}`;
    if (!isCurrencyCode(code)) throw invalid(field, CATALOG_MESSAGES.unknownCurrency(given));
    if (code === 'USD') {
      if (rate === 1) continue;
      throw invalid(field, CATALOG_MESSAGES.usdFixed);
    }
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0)
      throw invalid(field, CATALOG_MESSAGES.rate(code));
    if (rate > MAX_RATE_PER_USD) throw invalid(field, CATALOG_MESSAGES.rateTooHigh(code));
    const previous = rates[code]!;
    if (rate !== previous)
      events.push({ type: 'CurrencyRateChanged', data: { code, rate, previous, by, at } });
  }
  return events;
}

export function decideCatalog(command: CatalogCommand, state: CatalogState): CatalogEvent[] {
  switch (command.type) {
    case 'SeedCatalog':
      // Seeded once; the router also appends with no_stream, so two starters cannot both seed.
      return isSeeded(state) ? [] : seedCatalogEvents(command.data.at);
    case 'EditProduct':
      return editProduct(state, command.data);
    case 'EditSettings':
      return editSettings(state, command.data);
  }
}

export const catalogDecider: Decider<CatalogState, CatalogCommand, CatalogEvent> = {
  initialState: initialCatalogState,
  evolve: evolveCatalog,
  decide: decideCatalog,
};
