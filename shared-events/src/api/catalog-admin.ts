// The admin's catalog and settings calls (API.md "Admin": catalog and settings). Amounts are integer
// minor units: USD cents for prices and the threshold, the country currency's minor units for a
// shipping fee. Whole numbers and ranges are checked by the catalog's decide (clear messages).
import { z } from 'zod';
import { okSchema, text, timestampSchema } from './common';

const amount = z.number();
const days = z.object({ min: z.number(), max: z.number() });

export const editProductBodySchema = z.object({
  priceUsdCents: amount.optional(),
  sizePrices: z.record(z.string().max(20), amount).optional(),
  name: text(300).optional(),
  description: text(5000).optional(),
  hidden: z.boolean().optional(),
  /**
   * The product's pictures, main first: ids of uploaded images (POST /api/images/single) or their
   * `/images/<id>` URLs, or the code's `/images/products/<file>`; checked by the command.
   */
  images: z.array(z.string().max(300)).max(20).optional(),
  /** The quantity bands of the product's group, every band from quantity 1 up: [{minQuantity, rateBps}];
   * checked by the command (a message per input: bands.1.rateBps). */
  bands: z.array(z.unknown()).optional(),
});

export const editSettingsBodySchema = z.object({
  freeShippingThresholdUsdCents: amount.optional(),
  shipping: z
    .record(z.string().max(10), z.object({ feeMinor: amount.optional(), estimatedDays: days.optional() }))
    .optional(),
  trust: z.object({ deliveryPromise: text(500).optional(), ratingText: text(500).optional() }).optional(),
  /** Code -> units per 1 USD; checked by the command (clear message per code). */
  currencyRates: z.record(z.string().max(10), z.unknown()).optional(),
});

/** The bands of a preview as `minQuantity:rateBps` pairs, e.g. `10:1500,50:2500`; `none` (or empty): no bands. */
export const PREVIEW_BANDS_PATTERN = /^(?:none|\d{1,6}:\d{1,5}(?:,\d{1,6}:\d{1,5}){0,7})?$/;

export const pricePreviewQuerySchema = z.object({
  /** The new price; without it the product's price stays (a bands-only preview). */
  priceUsdCents: z.coerce
    .number()
    .int('A price is a whole number of USD cents.')
    .min(0, 'A price cannot be negative.')
    .optional(),
  size: z.string().max(20).optional(),
  /** New bands of the product's group, `minQuantity:rateBps` pairs (`10:1500,50:2500`); `none`: no bands. */
  bands: z
    .string()
    .regex(PREVIEW_BANDS_PATTERN, 'Bands are up to 8 minQuantity:rateBps pairs, e.g. 10:1500,50:2500.')
    .optional(),
});

export const quantityBandDtoSchema = z.object({
  /** The band applies from this total quantity of the group up. */
  minQuantity: z.number().int(),
  /** Discount in basis points (100 = 1%). */
  rateBps: z.number().int(),
});

export const adminProductSchema = z.object({
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  path: z.string(),
  /** The main picture: images[0] */
  imageUrl: z.string(),
  /** The owner's pictures, main first (the code's image until the owner sets some) */
  images: z.array(z.string()),
  hidden: z.boolean(),
  /** USD cents; the smallest size's for products sold in sizes */
  priceUsdCents: z.number().int(),
  /** size id -> USD cents (collages) */
  sizePrices: z.record(z.string(), z.number().int()),
  /** The quantity-band group the product counts towards; null for collages (no bands). */
  bandGroup: z.enum(['poster', 'upload-panel']).nullable(),
  /** The group's bands from quantity 1 up (shared by every product of the group); [] without a group. */
  bands: z.array(quantityBandDtoSchema),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminCatalogResponseSchema = okSchema.extend({ products: z.array(adminProductSchema) });
export const adminProductResponseSchema = okSchema.extend({ product: adminProductSchema });

export const catalogChangeSchema = z.object({
  /** What changed: price, price:A4, name, description, hidden, images, freeShippingThreshold, shipping:GB, trust:ratingText... */
  field: z.string(),
  sku: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** 'admin:<id>' or 'system' */
  by: z.string(),
  /** the admin's e-mail when known */
  byEmail: z.string().nullable(),
  at: timestampSchema,
});
export type CatalogChange = z.infer<typeof catalogChangeSchema>;
export const catalogHistoryResponseSchema = okSchema.extend({ changes: z.array(catalogChangeSchema) });

export const pricePreviewResponseSchema = okSchema.extend({
  sku: z.string(),
  size: z.string().nullable(),
  currentUsdCents: z.number().int(),
  newUsdCents: z.number().int(),
  /** The group's bands now and as previewed (the same without `bands`); null for collages. */
  bandGroup: z.enum(['poster', 'upload-panel']).nullable(),
  currentBands: z.array(quantityBandDtoSchema),
  newBands: z.array(quantityBandDtoSchema),
  /** Open carts holding the product (with `bands`: any product of its group), in USD cents before and
   * after the change: the subtotal, and the total after the quantity bands. */
  carts: z.array(
    z.object({
      cartId: z.string(),
      quantity: z.number().int(),
      subtotalBeforeUsdCents: z.number().int(),
      subtotalAfterUsdCents: z.number().int(),
      totalBeforeUsdCents: z.number().int(),
      totalAfterUsdCents: z.number().int(),
    }),
  ),
});

export const adminSettingsSchema = z.object({
  freeShippingThresholdUsdCents: z.number().int(),
  shipping: z.array(
    z.object({
      country: z.string(),
      countryName: z.string(),
      currency: z.string(),
      feeMinor: z.number().int(),
      estimatedDays: z.object({ min: z.number().int(), max: z.number().int() }),
    }),
  ),
  trust: z.object({ deliveryPromise: z.string(), ratingText: z.string() }),
  /** Code -> units per 1 USD (USD is 1) */
  currencyRates: z.record(z.string(), z.number()),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export const adminSettingsResponseSchema = okSchema.extend({ settings: adminSettingsSchema });
