// zod/mini twins of shared-events/src/api/catalog.ts's answers for the calls `/` makes: the
// product list, the settings and the country detection (common.ts says why).
import * as z from 'zod/mini';
import { CURRENCY_CODES } from '@printshop/shared-events/rules/currencies';
import { CATEGORIES, countSchema, FAMILIES, moneySchema, okSchema, ZONES } from './common';

export const productSizeSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  dimensions: z.string(),
  price: moneySchema,
});

export const productSchema = z.object({
  sku: z.string(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  family: z.enum(FAMILIES),
  price: moneySchema,
  imageUrl: z.string(),
  images: z.optional(z.array(z.string())),
  path: z.string(),
  aspectRatio: z.optional(z.number().check(z.positive())),
  description: z.optional(z.string()),
  sizes: z.optional(z.array(productSizeSchema)),
});

export const productsResponseSchema = z.extend(okSchema, {
  data: z.array(productSchema),
  message: z.string(),
});

export const currencyDtoSchema = z.object({
  code: z.enum(CURRENCY_CODES),
  symbol: z.string(),
  flag: z.string(),
  name: z.string(),
  ratePerUsd: z.number().check(z.positive()),
  decimals: countSchema,
  countries: z.array(z.string()),
});

export const shippingRuleDtoSchema = z.object({
  country: z.string(),
  countryName: z.string(),
  zone: z.enum(ZONES),
  currency: z.string(),
  baseRate: moneySchema,
  additionalItemRate: moneySchema,
  freeShippingThreshold: z.nullable(moneySchema),
  estimatedDays: z.object({ min: countSchema, max: countSchema }),
});

const bandSchema = z.object({ minQuantity: z.number().check(z.int()), rateBps: z.number().check(z.int()) });

export const settingsResponseSchema = z.extend(okSchema, {
  freeShippingThresholdUsd: moneySchema,
  currencies: z.array(currencyDtoSchema),
  shippingCountries: z.array(shippingRuleDtoSchema),
  trust: z.optional(z.object({ deliveryPromise: z.string(), ratingText: z.string() })),
  quantityBands: z.optional(
    z.object({
      poster: z.array(bandSchema),
      'upload-panel': z.array(bandSchema),
    }),
  ),
});

export const detectCountryResponseSchema = z.discriminatedUnion('success', [
  z.extend(okSchema, {
    countryCode: z.string().check(z.regex(/^[A-Z]{2}$/)),
    method: z.enum(['header', 'geoip', 'accept-language']),
  }),
  z.object({ success: z.literal(false) }),
]);
