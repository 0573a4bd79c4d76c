// Admin (API.md "Admin"). The API names what each answer holds; the field names here are ours.
import { z } from 'zod';
import { CURRENCY_CODES } from '../rules/currencies';
import {
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
  requiredText,
  text,
  timestampSchema,
} from './common';
import { ORDER_STATUSES, orderSchema, orderStatusSchema } from './orders';
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
  orders: countSchema,
  averageOrderValue: moneySchema,
  newCustomers: countSchema,
  abandonedValue: moneySchema,
});

/** Money in USD. */
export const dashboardResponseSchema = okSchema.extend({
  currency: z.string(),
  today: periodFiguresSchema,
  last7Days: periodFiguresSchema,
  last30Days: periodFiguresSchema,
  latestOrders: z.array(orderSummarySchema),
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
  actor: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
});
export const adminOrderResponseSchema = okSchema.extend({
  order: orderSchema,
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

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const adminReviewsQuerySchema = z.object({
  status: queryEnum(REVIEW_STATUSES),
  page: pageQuery,
});
export const adminReviewSchema = reviewSchema.extend({ status: z.enum(REVIEW_STATUSES) });
export const adminReviewsResponseSchema = okSchema.extend({
  reviews: z.array(adminReviewSchema),
  pagination: paginationSchema,
});
export const updateReviewBodySchema = z.object({ status: z.enum(REVIEW_STATUSES) });
export const adminReviewResponseSchema = okSchema.extend({ review: adminReviewSchema });

export const salesReportQuerySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  groupBy: queryEnum(['day', 'week', 'month'], 'day'),
  currency: queryEnum(CURRENCY_CODES, 'USD'),
  format: queryEnum(['json', 'csv'], 'json'),
});
const salesFiguresSchema = z.object({
  orders: countSchema,
  units: countSchema,
  gross: moneySchema,
  discounts: moneySchema,
  shipping: moneySchema,
  net: moneySchema,
});
export const salesReportResponseSchema = okSchema.extend({
  currency: z.string(),
  series: z.array(salesFiguresSchema.extend({ period: z.string() })),
  totals: salesFiguresSchema,
  byCategory: z.array(z.object({ category: z.string(), units: countSchema, net: moneySchema })),
  topProducts: z.array(z.object({ sku: z.string(), name: z.string(), units: countSchema, net: moneySchema })),
});

export const abandonedCheckoutsQuerySchema = z.object({
  olderThanMinutes: queryInt(1, 525_600, 60),
  page: pageQuery,
});
export const abandonedCheckoutsResponseSchema = okSchema.extend({
  checkouts: z.array(
    z.object({
      checkoutId: z.string(),
      email: z.string().nullable(),
      items: z.array(z.object({ sku: z.string(), name: z.string(), quantity: countSchema })),
      value: moneySchema,
      currency: z.string(),
      startedAt: timestampSchema,
    }),
  ),
  pagination: paginationSchema,
});

const webhookFields = {
  url: z.url({ protocol: /^https?$/, error: 'Enter an http(s) URL' }).max(2000),
  /** Integration event names, e.g. 'order.paid'. */
  events: z.array(requiredText(100)).min(1).max(50),
  /** Signing secret; generated when left out. */
  secret: z.string().min(16).max(200),
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
