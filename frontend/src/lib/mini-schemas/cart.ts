// zod/mini twin of shared-events/src/api/cart.ts's cart answer (GET /api/cart), which the header's
// badge loads on every page (common.ts says why).
import * as z from 'zod/mini';
import { countSchema, moneySchema, okSchema, ZONES } from './common';

/** requiredText of api/common.ts: trimmed, not blank, at most `max` characters. */
const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const text = (max: number) => z.string().check(z.maxLength(max));

const cropPositionSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().check(z.nonnegative()),
  height: z.number().check(z.nonnegative()),
});

/** A slot photo's crop in its original's upright pixels. */
const slotCropSchema = z.object({
  x: z.number().check(z.nonnegative()),
  y: z.number().check(z.nonnegative()),
  width: z.number().check(z.positive()),
  height: z.number().check(z.positive()),
});

const customizationDataSchema = z.object({
  templatePath: requiredText(500),
  templateName: requiredText(200),
  size: z.enum(['A5', 'A4', 'A3']),
  sizeName: z.optional(text(100)),
  dimensions: z.optional(text(100)),
  images: z
    .array(
      z.object({
        slotId: z.union([text(100), z.number().check(z.int())]),
        imageId: requiredText(200),
        position: z.optional(cropPositionSchema),
        crop: z.optional(slotCropSchema),
      }),
    )
    .check(z.maxLength(50)),
});

const cartItemSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: countSchema,
  pricePerUnit: z._default(moneySchema, 0),
  lineTotal: moneySchema,
  cropped_image_id: z.string(),
  raw_image_id: z.nullish(z.string()),
  imageUrl: z.string(),
  customizationData: z.optional(customizationDataSchema),
});

const shippingInfoSchema = z.object({
  country: z.string(),
  countryName: z.string(),
  zone: z.enum(ZONES),
  currency: z.optional(z.string()),
  baseRate: moneySchema,
  freeShippingThreshold: z.nullable(moneySchema),
  isFree: z.boolean(),
  estimatedDays: z.object({ min: countSchema, max: countSchema }),
});

/** Spec 1 §3: numeric fields default to 0 when missing. */
export const cartResponseSchema = z.extend(okSchema, {
  cartId: z.string(),
  currency: z.string(),
  country: z.string(),
  items: z.array(cartItemSchema),
  totalQuantity: z._default(countSchema, 0),
  subtotal: z._default(moneySchema, 0),
  discount: z._default(moneySchema, 0),
  shippingFee: z._default(moneySchema, 0),
  grandTotal: z._default(moneySchema, 0),
  freeShippingThreshold: z._default(z.nullable(moneySchema), 0),
  shippingInfo: shippingInfoSchema,
  loyaltyPointsUsed: z._default(countSchema, 0),
  loyaltyDiscount: z._default(moneySchema, 0),
  promotion: z.optional(
    z.object({ code: z.string(), discount: moneySchema, message: z.nullable(z.string()) }),
  ),
});
