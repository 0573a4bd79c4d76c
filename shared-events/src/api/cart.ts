// Cart (API.md "Cart").
import { z } from 'zod';
import { CURRENCY_CODES } from '../rules/currencies';
import {
  countrySchema,
  queryEnum,
  queryValue,
  idSchema,
  moneySchema,
  countSchema,
  okSchema,
  optionalText,
  requiredText,
  skuSchema,
  text,
} from './common';
import { ZONES } from './catalog';

/** Ours: the largest quantity of one cart line (the spec sets none; this keeps totals far from overflow). */
export const MAX_LINE_QUANTITY = 10_000;
/**
 * Ours: the most lines (different items) a cart takes by adding. A holiday's worth of prints is a
 * few hundred photos; without a bound, a script could grow one cart (and its stream, read by every
 * command and priced on every read) without end. A sign-in merge never drops lines to keep it.
 */
export const MAX_CART_LINES = 500;
/**
 * Cart changes (adds, quantity changes, removals, points) one address's network may make in a
 * minute on each gateway (the default of CART_WRITES_PER_MINUTE). Adding a holiday's hundred
 * photos takes a hundred; each change is kept in the log for good, so a script must not make
 * them without end, from as many fresh guest carts as it likes.
 */
export const CART_WRITES_PER_MINUTE = 300;
export const CART_WRITES_TOO_MANY = 'Too many cart changes at once. Please wait a moment and try again.';

export const QUANTITY_MESSAGES = {
  number: 'Quantity must be a number.',
  whole: 'Quantity must be a whole number.',
  atLeastOne: 'Quantity must be at least 1.',
  tooMany: `Quantity can be at most ${MAX_LINE_QUANTITY.toLocaleString('en-US')} per item.`,
} as const;

// The limit is checked before wholeness: 2^53 or 1e308 is too many, whatever int() makes of it.
const quantityNumber = () =>
  z
    .number({ error: QUANTITY_MESSAGES.number })
    .max(MAX_LINE_QUANTITY, QUANTITY_MESSAGES.tooMany)
    .int(QUANTITY_MESSAGES.whole);

export const lineQuantitySchema = quantityNumber().min(1, QUANTITY_MESSAGES.atLeastOne);

export const cartQuerySchema = z.object({
  currency: queryEnum(CURRENCY_CODES, 'USD'),
  country: queryValue(countrySchema.default('US')),
});

export const cropPositionSchema = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite().nonnegative(),
  height: z.number().finite().nonnegative(),
});

/** A slot photo's crop in its original's upright pixels: what the print file is cut from. */
export const slotCropSchema = z.object({
  x: z.number().finite().nonnegative(),
  y: z.number().finite().nonnegative(),
  width: z.number().finite().positive(),
  height: z.number().finite().positive(),
});

/**
 * What a collage line carries (spec 2 §3 "Cart item payload (collage)"). Ours: each slot's `crop`,
 * so the print file is composed from the slot originals (lines without it print their composite).
 */
export const customizationDataSchema = z.object({
  templatePath: requiredText(500),
  templateName: requiredText(200),
  size: z.enum(['A5', 'A4', 'A3']),
  sizeName: text(100).optional(),
  dimensions: text(100).optional(),
  images: z
    .array(
      z.object({
        slotId: z.union([text(100), z.number().int()]),
        imageId: idSchema,
        position: cropPositionSchema.optional(),
        crop: slotCropSchema.optional(),
      }),
    )
    .max(50),
});

export const addCartItemBodySchema = z.object({
  sku: skuSchema,
  quantity: lineQuantitySchema,
  rawImageId: idSchema.optional(),
  croppedImageId: idSchema,
  event_id: optionalText(200),
  customizationData: customizationDataSchema.optional(),
});

export const addPhotostripBodySchema = z.object({
  sku: skuSchema,
  quantity: lineQuantitySchema,
  croppedImageId: idSchema,
  images: z
    .array(z.object({ imageId: idSchema, slot: z.number().int().min(0).max(49) }))
    .min(1)
    .max(50),
  event_id: optionalText(200),
});

/** 0 or less removes the line. */
export const updateCartItemBodySchema = z.object({
  quantity: quantityNumber(),
});

export const cartItemSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: countSchema,
  pricePerUnit: moneySchema.default(0),
  lineTotal: moneySchema,
  cropped_image_id: z.string(),
  raw_image_id: z.string().nullish(),
  imageUrl: z.string(),
  customizationData: customizationDataSchema.optional(),
});
export type CartItemDto = z.infer<typeof cartItemSchema>;

export const shippingInfoSchema = z.object({
  country: z.string(),
  countryName: z.string(),
  zone: z.enum(ZONES),
  /** the rule's currency, in which baseRate and freeShippingThreshold are given */
  currency: z.string().optional(),
  baseRate: moneySchema,
  freeShippingThreshold: moneySchema.nullable(),
  isFree: z.boolean(),
  estimatedDays: z.object({ min: countSchema, max: countSchema }),
});

/** Spec 1 §3: numeric fields default to 0 when missing. */
export const cartResponseSchema = okSchema.extend({
  cartId: z.string(),
  currency: z.string(),
  country: z.string(),
  items: z.array(cartItemSchema),
  totalQuantity: countSchema.default(0),
  subtotal: moneySchema.default(0),
  discount: moneySchema.default(0),
  shippingFee: moneySchema.default(0),
  grandTotal: moneySchema.default(0),
  freeShippingThreshold: moneySchema.nullable().default(0),
  shippingInfo: shippingInfoSchema,
  /** Loyalty points this cart's discount uses (they leave the balance when the order is paid). */
  loyaltyPointsUsed: countSchema.default(0),
  /** What those points take off (part of `discount`), so the summary names each discount. */
  loyaltyDiscount: moneySchema.default(0),
  /**
   * The promotion code set on the cart: what it takes off (included in `discount`), or, when it no
   * longer applies (0 off), the message saying why. Absent when no code is set.
   */
  promotion: z.object({ code: z.string(), discount: moneySchema, message: z.string().nullable() }).optional(),
});
export type CartDto = z.infer<typeof cartResponseSchema>;

export const cartItemResponseSchema = okSchema.extend({ item: cartItemSchema });
export const updateCartItemResponseSchema = okSchema.extend({ item: cartItemSchema.optional() });
