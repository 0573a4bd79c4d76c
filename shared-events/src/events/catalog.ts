// The shop's catalog and settings as the owner changes them, one stream `catalog-shop`. The code's
// catalog (rules/catalog.ts) and the spec's settings are the SEED: a new shop appends ProductListed
// per product and one SettingsSeeded (rules/catalog-seed.ts); later changes are the admin's events,
// each carrying the value before and after, who and when (history needs nothing else).
import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry';

export const CATALOG_STREAM_CATEGORY = 'catalog';
export const CATALOG_STREAM = `${CATALOG_STREAM_CATEGORY}-shop`;

const at = z.iso.datetime({ offset: true });
/** Who did it: 'admin:<id>' or 'system' for the seed. */
const by = z.string().min(1).max(200);
const sku = z.string().min(1).max(100);
const cents = z.number().int().min(0);
const days = z.object({ min: z.number().int().min(0), max: z.number().int().min(0) });

export const ProductListed = defineEvent(
  'ProductListed',
  z.object({
    sku,
    name: z.string().min(1).max(300),
    description: z.string().max(5000),
    priceUsdCents: cents,
    /** Size id -> price, for products sold in sizes (collages). */
    sizePrices: z.record(z.string(), cents),
    hidden: z.boolean(),
    by,
    at,
  }),
);

export const ProductPriced = defineEvent(
  'ProductPriced',
  z.object({
    sku,
    size: z.string().max(20).nullable(),
    priceUsdCents: cents,
    previousUsdCents: cents,
    by,
    at,
  }),
);
export const ProductRenamed = defineEvent(
  'ProductRenamed',
  z.object({ sku, name: z.string().min(1).max(300), previous: z.string(), by, at }),
);
export const ProductDescribed = defineEvent(
  'ProductDescribed',
  z.object({ sku, description: z.string().max(5000), previous: z.string(), by, at }),
);
/** A product picture: the code's (`/images/products/<file>`) or an upload's (`/images/<imageId>`). */
export const PRODUCT_IMAGE_URL =
  /^\/images\/(products\/[A-Za-z0-9][A-Za-z0-9._-]{0,150}|[A-Za-z0-9_-]{1,100})$/;
export const MAX_PRODUCT_IMAGES = 8;
/** The upload a product picture shows (`/images/<imageId>`); undefined for the code's files. */
export const uploadOfPicture = (url: string): string | undefined =>
  /^\/images\/([A-Za-z0-9_-]{1,100})$/.exec(url)?.[1];
const imageUrls = z.array(z.string().regex(PRODUCT_IMAGE_URL));
/** The owner set the product's pictures, the first the main one (cards, lists, the page's first). */
export const ProductImagesChanged = defineEvent(
  'ProductImagesChanged',
  z.object({
    sku,
    images: imageUrls.min(1).max(MAX_PRODUCT_IMAGES),
    /** The pictures before: the code's image until the owner first set some. */
    previous: imageUrls,
    by,
    at,
  }),
);
export const ProductHidden = defineEvent('ProductHidden', z.object({ sku, by, at }));
export const ProductShown = defineEvent('ProductShown', z.object({ sku, by, at }));

export const shippingSettingSchema = z.object({
  /** Minor units of the country rule's own currency. */
  feeMinor: cents,
  estimatedDays: days,
});
export const trustCopySchema = z.object({
  deliveryPromise: z.string().max(500),
  ratingText: z.string().max(500),
});

/** A quantity band as the owner sets it: from this total quantity up, this rate off (basis points). */
export const quantityBandSchema = z.object({
  minQuantity: z.number().int().min(1),
  rateBps: z.number().int().min(0).max(10_000),
});
const bandList = z.array(quantityBandSchema);
export const bandGroupSchema = z.enum(['poster', 'upload-panel']);

export const SettingsSeeded = defineEvent(
  'SettingsSeeded',
  z.object({
    freeShippingThresholdUsdCents: cents,
    shipping: z.record(z.string(), shippingSettingSchema),
    trust: trustCopySchema,
    /** Units per USD by display currency; absent in shops seeded before rates were settings (then the code's table). */
    currencyRates: z.record(z.string(), z.number().positive()).optional(),
    /** Each group's bands from quantity 1 up; absent in shops seeded before bands were settings (then the code's). */
    quantityBands: z.object({ poster: bandList.optional(), 'upload-panel': bandList.optional() }).optional(),
    by,
    at,
  }),
);
export const FreeShippingThresholdChanged = defineEvent(
  'FreeShippingThresholdChanged',
  z.object({ usdCents: cents, previousUsdCents: cents, by, at }),
);
export const ShippingRuleChanged = defineEvent(
  'ShippingRuleChanged',
  z.object({
    country: z.string().regex(/^[A-Z]{2}$/),
    rule: shippingSettingSchema,
    previous: shippingSettingSchema,
    by,
    at,
  }),
);
export const TrustCopyChanged = defineEvent(
  'TrustCopyChanged',
  z.object({
    field: z.enum(['deliveryPromise', 'ratingText']),
    text: z.string().max(500),
    previous: z.string(),
    by,
    at,
  }),
);
/** An admin set a display currency's rate (units per 1 USD); USD itself stays 1. */
export const CurrencyRateChanged = defineEvent(
  'CurrencyRateChanged',
  z.object({
    code: z.string().regex(/^[A-Z]{3}$/),
    rate: z.number().positive(),
    previous: z.number().positive(),
    by,
    at,
  }),
);

/** An admin set a group's quantity bands (every band from quantity 1 up; none: no bulk discount). */
export const QuantityBandsChanged = defineEvent(
  'QuantityBandsChanged',
  z.object({ group: bandGroupSchema, bands: bandList, previous: bandList, by, at }),
);

export const catalogEvents = [
  ProductListed,
  ProductPriced,
  ProductRenamed,
  ProductDescribed,
  ProductHidden,
  ProductShown,
  ProductImagesChanged,
  SettingsSeeded,
  FreeShippingThresholdChanged,
  ShippingRuleChanged,
  TrustCopyChanged,
  CurrencyRateChanged,
  QuantityBandsChanged,
];
export const CATALOG_EVENT_TYPES = catalogEvents.map((event) => event.type);

export type CatalogEvent =
  | EventOf<typeof ProductListed>
  | EventOf<typeof ProductPriced>
  | EventOf<typeof ProductRenamed>
  | EventOf<typeof ProductDescribed>
  | EventOf<typeof ProductHidden>
  | EventOf<typeof ProductShown>
  | EventOf<typeof ProductImagesChanged>
  | EventOf<typeof SettingsSeeded>
  | EventOf<typeof FreeShippingThresholdChanged>
  | EventOf<typeof ShippingRuleChanged>
  | EventOf<typeof TrustCopyChanged>
  | EventOf<typeof CurrencyRateChanged>
  | EventOf<typeof QuantityBandsChanged>;
export type ShippingSetting = z.infer<typeof shippingSettingSchema>;
export type TrustCopy = z.infer<typeof trustCopySchema>;
export type QuantityBand = z.infer<typeof quantityBandSchema>;
