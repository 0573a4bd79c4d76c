// The admin's calls of docs/api.md (bearer of an admin; 403 otherwise), with their schemas.
import { z } from 'zod';
import {
  abandonedCheckoutsQuerySchema,
  abandonedCheckoutsResponseSchema,
  adminOrderResponseSchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  adminReviewResponseSchema,
  adminReviewsQuerySchema,
  adminReviewsResponseSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  bulkDeleteOrdersBodySchema,
  bulkDeleteOrdersResponseSchema,
  dashboardResponseSchema,
  recoveryEmailResponseSchema,
  salesReportQuerySchema,
  salesReportResponseSchema,
  setAdminBodySchema,
  updateOrderStatusBodySchema,
  updateReviewBodySchema,
  webhookBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookResponseSchema,
  webhooksResponseSchema,
  webhookUpdateBodySchema,
} from '@printshop/shared-events/api/admin';
import { okSchema } from '@printshop/shared-events/api/common';
import { orderResponseSchema } from '@printshop/shared-events/api/orders';
import type { Contract, Operation } from './operation';

const ADMIN = 'Admin';

const admin = (summary: string, operation: Omit<Operation, 'tag' | 'summary' | 'auth'> = {}): Operation => ({
  tag: ADMIN,
  summary,
  auth: 'admin',
  ...operation,
});

export const adminContract: Contract = {
  'GET /api/admin/dashboard': admin('Figures of today, 7 and 30 days', { answer: dashboardResponseSchema }),
  'GET /api/admin/users': admin('Users', { query: adminUsersQuerySchema, answer: adminUsersResponseSchema }),
  'PUT /api/admin/users/:id/admin': admin('Grant or take admin rights', {
    body: setAdminBodySchema,
    answer: adminUserResponseSchema,
  }),
  'GET /api/admin/orders': admin('Orders', {
    query: adminOrdersQuerySchema,
    answer: adminOrdersResponseSchema,
  }),
  'GET /api/admin/orders/:id': admin('An order with its audit trail', { answer: adminOrderResponseSchema }),
  'PUT /api/admin/orders/:id/status': admin('Change an order status', {
    body: updateOrderStatusBodySchema,
    answer: orderResponseSchema,
  }),
  'DELETE /api/admin/orders/bulk': admin('Archive orders', {
    body: bulkDeleteOrdersBodySchema,
    answer: bulkDeleteOrdersResponseSchema,
  }),
  'GET /api/admin/orders/:id/print-files': admin('The print files of an order, zipped', {
    media: 'application/zip',
  }),
  'GET /api/admin/reviews': admin('Reviews to moderate', {
    query: adminReviewsQuerySchema,
    answer: adminReviewsResponseSchema,
  }),
  'PUT /api/admin/reviews/:id': admin('Moderate a review', {
    body: updateReviewBodySchema,
    answer: adminReviewResponseSchema,
  }),
  'DELETE /api/admin/reviews/:id': admin('Delete a review', { answer: okSchema }),
  'GET /api/admin/reports/sales': admin(
    'Sales report (format=csv gives CSV; by=code: one CSV row per promotion code)',
    {
      query: salesReportQuerySchema,
      answer: salesReportResponseSchema,
    },
  ),
  'GET /api/admin/abandoned-checkouts': admin('Checkouts started and not paid', {
    query: abandonedCheckoutsQuerySchema,
    answer: abandonedCheckoutsResponseSchema,
  }),
  'POST /api/admin/abandoned-checkouts/:id/recovery-email': admin('Send the recovery e-mail', {
    status: 202,
    answer: recoveryEmailResponseSchema,
  }),
  'GET /api/admin/webhooks': admin('Webhook endpoints', { answer: webhooksResponseSchema }),
  'POST /api/admin/webhooks': admin('Register an endpoint (its secret shown once)', {
    body: webhookBodySchema,
    status: 201,
    answer: webhookResponseSchema,
  }),
  'PUT /api/admin/webhooks/:id': admin('Change an endpoint', {
    body: webhookUpdateBodySchema,
    answer: webhookResponseSchema,
  }),
  'DELETE /api/admin/webhooks/:id': admin('Delete an endpoint', { answer: okSchema }),
  'POST /api/admin/webhooks/:id/ping': admin('Send a webhook.ping delivery', {
    status: 202,
    answer: okSchema,
  }),
  'GET /api/admin/webhooks/:id/deliveries': admin('Delivery log of an endpoint', {
    query: webhookDeliveriesQuerySchema,
    answer: webhookDeliveriesResponseSchema,
  }),
  'POST /api/admin/webhooks/deliveries/:id/retry': admin('Retry a delivery', {
    answer: webhookDeliveryResponseSchema,
  }),
};

const OPERATIONS = 'Operations';
const readinessSchema = z.object({
  success: z.boolean(),
  status: z.literal('ready').optional(),
  checks: z.record(z.string(), z.object({ ok: z.boolean() })),
});

/** The gateway's own calls: operator endpoints and this reference. */
export const gatewayContract: Contract = {
  'GET /healthz': {
    tag: OPERATIONS,
    summary: 'Process up',
    answer: okSchema.extend({ status: z.literal('up') }),
  },
  'GET /readyz': {
    tag: OPERATIONS,
    summary:
      'Database, event store and bus reachable; projection lag (503 when not); reactor lag, for information',
    answer: readinessSchema,
  },
  'GET /metrics': { tag: OPERATIONS, summary: 'Prometheus metrics', media: 'text/plain' },
  'GET /api/openapi.json': {
    tag: OPERATIONS,
    summary: 'This contract as OpenAPI 3.1',
    media: 'application/json',
  },
  'GET /api/docs': { tag: OPERATIONS, summary: 'This contract as a page', media: 'text/html' },
};
