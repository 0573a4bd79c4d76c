// Tracking bodies of spec 2 §7 (POST /api/track/*, fire and forget, 202 {success}). Browser context
// fields may be missing or null; the ids and product fields the events are about are required.
import { z } from 'zod';
import { apiString, okSchema, optionalText, requiredText, skuSchema, text } from './common';

/** Meta pixel cookies and hashed-on-server contact data. */
export const trackingUserDataSchema = z
  .object({
    fbp: optionalText(500),
    fbc: optionalText(500),
    email: optionalText(254),
    phone: optionalText(30),
    external_id: optionalText(200),
  })
  .nullish();

/** The signed-in user as the page knows it, if any. */
const trackedUserSchema = z
  .object({
    id: z.union([text(200), z.number()]).optional(),
    email: optionalText(254),
    first_name: optionalText(100),
    last_name: optionalText(100),
  })
  .nullish();

const eventId = requiredText(200);
const browserContext = {
  user_agent: optionalText(1000),
  referer: optionalText(2000),
  event_source_url: optionalText(2000),
};
const pageContext = {
  page_path: optionalText(2000),
  page_location: optionalText(2000),
  page_title: optionalText(500),
};
const quantity = z.number().int().min(1).max(100_000);
const price = z.number().finite().nonnegative();
const currency = apiString().regex(/^[A-Z]{3}$/);

export const trackAddToCartBodySchema = z.object({
  item: z.object({
    sku: skuSchema,
    quantity,
    name: optionalText(300),
    price: price.optional(),
    currency: currency.optional(),
    rawImageId: optionalText(200),
    croppedImageId: optionalText(200),
  }),
  event_id: eventId,
  user: trackedUserSchema,
  ...browserContext,
  user_data: trackingUserDataSchema,
});

export const trackBeginCheckoutBodySchema = z.object({
  cartDetails: z.object({
    items: z
      .array(z.object({ sku: skuSchema, name: optionalText(300), quantity, pricePerUnit: price.optional() }))
      .max(500),
    subtotal: price.optional(),
    grandTotal: price.optional(),
    currency: currency.optional(),
  }),
  user: trackedUserSchema,
  event_id: eventId,
  ...browserContext,
  user_data: trackingUserDataSchema,
});

export const trackPurchaseBodySchema = z.object({
  orderDetails: z.object({
    order_number: requiredText(50),
    total_amount: price,
    currency,
    items: z
      .array(
        z.object({
          sku: skuSchema,
          name: text(300),
          price_per_unit: price,
          quantity,
          category: optionalText(100),
        }),
      )
      .max(500),
  }),
  event_id: eventId,
  ...pageContext,
  user_data: trackingUserDataSchema,
});

export const trackViewContentBodySchema = z.object({
  product: z.object({
    sku: skuSchema,
    meta_content_id: requiredText(100),
    name: text(300),
    price,
    currency,
  }),
  /** Prefixed 'browser_' (spec 2 §7). */
  event_id: eventId.pipe(z.string().startsWith('browser_', "event_id must start with 'browser_'")),
  is_browser_failed: z.boolean().optional(),
  ...pageContext,
  ...browserContext,
  user_data: trackingUserDataSchema,
});

export const TRACKING_BODY_SCHEMAS = {
  'add-to-cart': trackAddToCartBodySchema,
  'begin-checkout': trackBeginCheckoutBodySchema,
  purchase: trackPurchaseBodySchema,
  'view-content': trackViewContentBodySchema,
} as const;
export type TrackingEventName = keyof typeof TRACKING_BODY_SCHEMAS;

export const trackResponseSchema = okSchema;

/**
 * Tracking calls one address's network may make in a minute, per gateway (the default of
 * TRACKING_CALLS_PER_MINUTE). Each call is kept in the event log for good and forwarded to the
 * ad platform, so an unbounded caller could fill the disk and the shop's ad reports; a shopper
 * sends a few a minute, and an office or a carrier's NAT with dozens of shoppers stays well under.
 */
export const TRACKING_CALLS_PER_MINUTE = 600;

export const TRACKING_MESSAGES = {
  tooMany: 'Too many requests; please try again shortly',
} as const;
