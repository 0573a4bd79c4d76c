// Admin (API.md "Admin"). The API names what each answer holds; the field names here are ours.
import { z } from 'zod';
import { ORDER_PAYMENT_PROVIDERS } from '../events/payment';
import { CURRENCY_CODES } from '../rules/currencies';
import {
  apiString,
  countSchema,
  idSchema,
  moneySchema,
  okSchema,
  optionalText,
  pageQuery,
  paginationSchema,
  queryEnum,
  queryInt,
  queryText,
  queryValue,
  requiredText,
  text,
  timestampSchema,
} from './common';
import { ORDER_STATUSES, orderItemSchema, orderSchema, orderStatusSchema } from './orders';
import { reviewSchema } from './reviews';

export const orderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: orderStatusSchema,
  createdAt: timestampSchema,
  email: z.string(),
  itemCount: countSchema,
  total: moneySchema,
  currency: z.string(),
});

const periodFiguresSchema = z.object({
  revenue: moneySchema,
  /** Less cancellations dated in the period: below 0 on a day of cancellations only. */
  orders: z.number().int(),
  averageOrderValue: moneySchema,
  refunds: moneySchema,
  newCustomers: countSchema,
  abandonedValue: moneySchema,
});

/** How far one projection is behind the event log (positions of `$all` not yet read). */
export const projectionLagSchema = z.object({
  name: z.string(),
  position: countSchema,
  lag: countSchema,
  status: z.string(),
});

/**
 * Money in USD (each order converted at its own rate). Periods are UTC days ending today: today,
 * the last 7 and the last 30 days (today included). The sales figures are the sales report's
 * ('USD-converted') over the same days: revenue its net (sales minus cancellations and refunds
 * dated in it); orders its orders (paid less cancelled in it); averageOrderValue revenue / orders
 * (0 without orders); refunds its refunds (money given back in it, after a cancellation too);
 * newCustomers: accounts registered in it, admins left out;
 * abandonedValue: checkouts started in it, unpaid and idle for 60 minutes or more.
 */
export const dashboardResponseSchema = okSchema.extend({
  currency: z.string(),
  today: periodFiguresSchema,
  last7Days: periodFiguresSchema,
  last30Days: periodFiguresSchema,
  latestOrders: z.array(orderSummarySchema),
  /** The largest lag of any projection, and each one's. */
  projectionLag: countSchema.optional(),
  projections: z.array(projectionLagSchema).optional(),
});

export const adminUsersQuerySchema = z.object({ page: pageQuery, search: queryText(200) });
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_admin: z.boolean(),
  createdAt: timestampSchema,
  orderCount: countSchema,
  /** USD */
  totalSpent: moneySchema,
});
export const adminUsersResponseSchema = okSchema.extend({
  users: z.array(adminUserSchema),
  pagination: paginationSchema,
});
export const setAdminBodySchema = z.object({ isAdmin: z.boolean() });
export const adminUserResponseSchema = okSchema.extend({ user: adminUserSchema });

export const adminOrdersQuerySchema = z.object({
  page: pageQuery,
  status: queryEnum(ORDER_STATUSES),
  search: queryText(200),
  /** newest first (the list), or oldest first (the production queue: who has waited longest). */
  sort: queryEnum(['newest', 'oldest'], 'newest'),
});
export const adminOrdersResponseSchema = okSchema.extend({
  orders: z.array(orderSummarySchema),
  pagination: paginationSchema,
});

/** One event of the order's stream: the audit trail. */
export const auditEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  at: timestampSchema,
  /** `system`, `guest:<session>`, `admin:<userId>` or a customer's user id. */
  actor: z.string().optional(),
  /** The name (or e-mail) of the account the actor names, when it still exists. */
  actorName: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
});
/** An order line as the print shop needs it: API.md's item plus its images and print recipe. */
export const adminOrderItemSchema = orderItemSchema.extend({
  lineId: z.string(),
  croppedImageId: z.string(),
  rawImageId: z.string().nullish(),
  /** Photo strips: the photo of each slot. */
  images: z.array(z.object({ imageId: z.string(), slot: z.number().int() })).optional(),
  crop: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).optional(),
  /** The DPI band judged at upload (good >= 250, fair >= 150, poor below). */
  printQuality: z.enum(['good', 'fair', 'poor']).optional(),
  /** The printed size, e.g. '8.3 x 11.7 in' or a collage size's dimensions. */
  size: z.string().optional(),
});
/** API.md's Order with what an admin needs besides: lines with images, customer, payment details. */
export const adminOrderSchema = orderSchema.extend({
  items: z.array(adminOrderItemSchema),
  archived: z.boolean(),
  customer: z.object({
    /** Absent for a guest order. */
    userId: z.string().optional(),
    email: z.string(),
    name: z.string().optional(),
  }),
  payment: z.object({
    provider: z.enum(ORDER_PAYMENT_PROVIDERS),
    status: z.string(),
    paymentId: z.string(),
    testMode: z.boolean(),
    /** Given back so far, in major units of the order's currency. */
    refunded: moneySchema,
  }),
});
export type AdminOrderDto = z.infer<typeof adminOrderSchema>;
export const adminOrderResponseSchema = okSchema.extend({
  order: adminOrderSchema,
  /** Every event of the order's stream, oldest first. */
  events: z.array(auditEventSchema),
});

export const updateOrderStatusBodySchema = z.object({
  status: orderStatusSchema,
  carrier: text(100).optional(),
  trackingNumber: text(100).optional(),
  note: text(2000).optional(),
});

export const bulkDeleteOrdersBodySchema = z.object({ orderIds: z.array(idSchema).min(1).max(500) });
export const bulkDeleteOrdersResponseSchema = okSchema.extend({ deleted: countSchema });

/** A review is pending until an admin approves or hides it; a deleted one is listed nowhere. */
export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export const adminReviewsQuerySchema = z.object({
  status: queryEnum(REVIEW_STATUSES),
  rating: queryInt(1, 5),
  /** A product SKU (case-insensitive). */
  product: queryText(100),
  page: pageQuery,
});
export const adminReviewSchema = reviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  userId: z.string(),
  orderNumber: z.string().optional(),
});
export const adminReviewsResponseSchema = okSchema.extend({
  reviews: z.array(adminReviewSchema),
  pagination: paginationSchema,
});
export const updateReviewBodySchema = z.object({ status: z.enum(['approved', 'hidden']) });
export const adminReviewResponseSchema = okSchema.extend({ review: adminReviewSchema });

/** `currency` of the sales report: every order converted to USD at its own rate (the default). */
export const SALES_ALL_CONVERTED = 'USD-converted';
export const SALES_CURRENCY_SCOPES = [SALES_ALL_CONVERTED, ...CURRENCY_CODES] as const;
/** The longest report range: two years of days (a leap day included). */
export const SALES_REPORT_MAX_DAYS = 731;
export const SALES_REPORT_MESSAGES = {
  date: (field: string) => `${field} must be a date as YYYY-MM-DD`,
  order: 'to must not be before from',
  range: `The range may span at most ${SALES_REPORT_MAX_DAYS} days`,
} as const;

const reportDate = (field: string) => {
  const error = SALES_REPORT_MESSAGES.date(field);
  return queryValue(apiString({ error }).pipe(z.iso.date({ error })));
};
const DAY_MS = 86_400_000;
const isoDate = z.iso.date();

/** The report's range when the address names no from or to: the last 30 days, today included. */
export const SALES_REPORT_DEFAULT_DAYS = 30;

/**
 * from and to: UTC calendar days, both included; either may be left out (salesReportRange fills
 * them). currency: a currency code (only the orders paid in it, amounts in it) or 'USD-converted'
 * (every order, each converted to USD at its own rate).
 */
export const salesReportQuerySchema = z
  .object({
    from: reportDate('from').optional(),
    to: reportDate('to').optional(),
    groupBy: queryEnum(['day', 'week', 'month'], 'day'),
    currency: queryEnum(SALES_CURRENCY_SCOPES, SALES_ALL_CONVERTED),
    format: queryEnum(['json', 'csv'], 'json'),
    /** The CSV's rows: one per period (default) or one per promotion code over the range. */
    by: queryEnum(['period', 'code'], 'period'),
  })
  .superRefine((query, ctx) => {
    // zod runs this even when a date failed above: only two real dates are compared.
    const { from, to } = query;
    if (!from || !to || !isoDate.safeParse(from).success || !isoDate.safeParse(to).success) return;
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: SALES_REPORT_MESSAGES.order });
    else if (days >= SALES_REPORT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: SALES_REPORT_MESSAGES.range });
    }
  });
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The days a report covers, as a person typing the address expects: without to, up to today (or
 * to from, when from is later); without from, the SALES_REPORT_DEFAULT_DAYS days ending at to.
 */
export function salesReportRange(
  query: { from?: string | undefined; to?: string | undefined },
  now: Date = new Date(),
): { from: string; to: string } {
  const today = isoDay(now.getTime());
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? isoDay(Date.parse(to) - (SALES_REPORT_DEFAULT_DAYS - 1) * DAY_MS);
  return { from, to };
}

/**
 * Figures of a period, net of what happened in it: a cancellation of a paid order and a refund
 * subtract in the period they happen, so orders and units may be negative in a period with more
 * cancellations than sales. net = gross - discounts + shipping - refunds (what the shop keeps).
 */
const salesFiguresSchema = z.object({
  orders: z.number().int(),
  units: z.number().int(),
  gross: moneySchema,
  discounts: moneySchema,
  shipping: moneySchema,
  net: moneySchema,
  /** Paid orders cancelled in the period (already subtracted above). */
  cancellations: countSchema.optional(),
  /** Money refunded in the period (already subtracted from net). */
  refunds: moneySchema.optional(),
  /** The promotion codes' part of `discounts` (less cancelled orders'). */
  codeDiscounts: moneySchema.optional(),
});
/** Product sales of a category or SKU: line totals (gross) and after discounts (net), less cancellations. */
const productFiguresSchema = z.object({
  units: z.number().int(),
  gross: moneySchema.optional(),
  net: moneySchema,
});
export const salesReportResponseSchema = okSchema.extend({
  /** The currency of every amount: USD when converted. */
  currency: z.string(),
  /** What was asked for: 'USD-converted' or the currency code whose orders are counted. */
  scope: z.enum(SALES_CURRENCY_SCOPES).optional(),
  /** The same in words, for people reading the answer or the export. */
  basis: z.string().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  groupBy: z.enum(['day', 'week', 'month']).optional(),
  /** Periods are UTC days, ISO weeks (Monday first, '2025-W03') and months, cut to the range. */
  timeZone: z.literal('UTC').optional(),
  series: z.array(
    salesFiguresSchema.extend({
      period: z.string(),
      start: z.iso.date().optional(),
      end: z.iso.date().optional(),
    }),
  ),
  totals: salesFiguresSchema,
  byCategory: z.array(productFiguresSchema.extend({ category: z.string() })),
  topProducts: z.array(productFiguresSchema.extend({ sku: z.string(), name: z.string() })),
  /** Discounts per promotion code over the range, largest first; orders less cancelled ones. */
  byCode: z.array(z.object({ code: z.string(), orders: z.number().int(), discount: moneySchema })).optional(),
});
export type SalesReportResponse = z.infer<typeof salesReportResponseSchema>;

export const abandonedCheckoutsQuerySchema = z.object({
  olderThanMinutes: queryInt(1, 525_600, 60),
  page: pageQuery,
});
export const abandonedCheckoutSchema = z.object({
  checkoutId: z.string(),
  email: z.string().nullable(),
  items: z.array(z.object({ sku: z.string(), name: z.string(), quantity: countSchema })),
  /** In `currency`. */
  value: moneySchema,
  currency: z.string(),
  valueUsd: moneySchema.optional(),
  startedAt: timestampSchema,
  /** The latest of the start and any payment attempt. */
  lastActivityAt: timestampSchema.optional(),
  /** When an admin asked for the recovery e-mail (once per checkout). */
  recoveryEmailRequestedAt: timestampSchema.nullish(),
});
export const abandonedCheckoutsResponseSchema = okSchema.extend({
  checkouts: z.array(abandonedCheckoutSchema),
  pagination: paginationSchema,
});
export const recoveryEmailResponseSchema = okSchema.extend({
  checkoutId: z.string(),
  requestedAt: timestampSchema,
});

const webhookFields = {
  url: apiString().pipe(z.url({ protocol: /^https?$/, error: 'Enter an http(s) URL' }).max(2000)),
  /** Integration event names, e.g. 'order.paid'. */
  events: z.array(requiredText(100)).min(1).max(50),
  /** Signing secret; generated when left out. */
  secret: apiString().min(16).max(200),
  active: z.boolean(),
};
export const webhookBodySchema = z.object({
  ...webhookFields,
  secret: webhookFields.secret.optional(),
  active: webhookFields.active.default(true),
});
/** PUT: only the fields sent change (no defaults). */
export const webhookUpdateBodySchema = z.object(webhookFields).partial();
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  /** Only in the answer to the creation: never shown again (not even masked). */
  secret: z.string().optional(),
  active: z.boolean(),
  createdAt: timestampSchema,
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhooksResponseSchema = okSchema.extend({ webhooks: z.array(webhookSchema) });
export const webhookResponseSchema = okSchema.extend({ webhook: webhookSchema });
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
/** One try of a delivery: HTTP status (absent when no answer came), time taken, what came back. */
export const webhookAttemptSchema = z.object({
  attempt: countSchema,
  at: timestampSchema,
  durationMs: countSchema,
  responseStatus: z.number().int().nullish(),
  /** The answer's first 500 characters. */
  responseSnippet: optionalText(),
  error: optionalText(),
});
export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  event: z.string(),
  /** The event's id: the payload's `id`, the same for every endpoint. */
  eventId: z.string().optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: countSchema,
  responseStatus: z.number().int().nullish(),
  lastError: optionalText(),
  createdAt: timestampSchema,
  deliveredAt: timestampSchema.nullish(),
  nextAttemptAt: timestampSchema.nullish(),
  /** Every attempt, oldest first. */
  log: z.array(webhookAttemptSchema).optional(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesQuerySchema = z.object({ status: queryEnum(WEBHOOK_DELIVERY_STATUSES) });
export const webhookDeliveriesResponseSchema = okSchema.extend({
  deliveries: z.array(webhookDeliverySchema),
});
export const webhookDeliveryResponseSchema = okSchema.extend({ delivery: webhookDeliverySchema });
