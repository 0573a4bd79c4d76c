// Catalog, search, settings and country detection (API.md "Catalog and settings").
import { z } from 'zod';
import { CURRENCY_CODES } from '../rules/currencies';
import { CATEGORIES, FAMILIES, ZONES } from './catalog-enums';
import { countSchema, moneySchema, okSchema, queryText } from './common';

export { CATEGORIES, FAMILIES, ZONES };

export const productSizeSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  dimensions: z.string(),
  /** USD */
  price: moneySchema,
});

export const productSchema = z.object({
  sku: z.string(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  family: z.enum(FAMILIES),
  /** USD, major units; the frontend converts for display */
  price: moneySchema,
  /** The main picture (the owner's, else the code's) */
  imageUrl: z.string(),
  /** Every picture, main first; absent when it is only imageUrl */
  images: z.array(z.string()).optional(),
  path: z.string(),
  aspectRatio: z.number().positive().optional(),
  /** The owner's description; empty when none was written. */
  description: z.string().optional(),
  sizes: z.array(productSizeSchema).optional(),
});
export type ProductDto = z.infer<typeof productSchema>;

export const productsResponseSchema = okSchema.extend({ data: z.array(productSchema), message: z.string() });
export const productResponseSchema = okSchema.extend({ data: productSchema });

/** The longest search the server takes (GET /api/search answers 400 beyond it). */
export const SEARCH_QUERY_MAX = 200;
/** What the search page says instead of asking the server for a longer one (a pasted text). */
export const SEARCH_QUERY_TOO_LONG = `Search words can be at most ${SEARCH_QUERY_MAX} characters.`;
export const searchQuerySchema = z.object({ q: queryText(SEARCH_QUERY_MAX, '') });
export const searchResponseSchema = okSchema.extend({ data: z.array(productSchema) });

export const currencyDtoSchema = z.object({
  code: z.enum(CURRENCY_CODES),
  symbol: z.string(),
  flag: z.string(),
  name: z.string(),
  ratePerUsd: z.number().positive(),
  decimals: countSchema,
  countries: z.array(z.string()),
});

/** A shipping rule as shipping.ts holds it (amounts in major units of the rule's currency). */
export const shippingRuleDtoSchema = z.object({
  country: z.string(),
  countryName: z.string(),
  zone: z.enum(ZONES),
  currency: z.string(),
  baseRate: moneySchema,
  additionalItemRate: moneySchema,
  freeShippingThreshold: moneySchema.nullable(),
  estimatedDays: z.object({ min: countSchema, max: countSchema }),
});

export const settingsResponseSchema = okSchema.extend({
  freeShippingThresholdUsd: moneySchema,
  currencies: z.array(currencyDtoSchema),
  shippingCountries: z.array(shippingRuleDtoSchema),
  /** The owner's trust copy: the delivery promise and the rating line. */
  trust: z.object({ deliveryPromise: z.string(), ratingText: z.string() }).optional(),
  /** The owner's quantity bands by group (`poster`, `upload-panel`), each from quantity 1 up. */
  quantityBands: z
    .object({
      poster: z.array(z.object({ minQuantity: z.number().int(), rateBps: z.number().int() })),
      'upload-panel': z.array(z.object({ minQuantity: z.number().int(), rateBps: z.number().int() })),
    })
    .optional(),
});

export const detectCountryResponseSchema = z.discriminatedUnion('success', [
  okSchema.extend({
    countryCode: z.string().regex(/^[A-Z]{2}$/),
    method: z.enum(['header', 'geoip', 'accept-language']),
  }),
  z.object({ success: z.literal(false) }),
]);
