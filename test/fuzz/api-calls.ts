// The calls the fuzz suite sends: every call named in docs/api.md (read from the page itself, so a
// call added there is fuzzed without touching this file), a few routes the page does not list, and
// the request schemas of the contract each call parses its body and query with.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  addressBodySchema,
} from '@printshop/shared-events/api/account';
import {
  abandonedCheckoutsQuerySchema,
  adminOrdersQuerySchema,
  adminReviewsQuerySchema,
  adminUsersQuerySchema,
  bulkDeleteOrdersBodySchema,
  salesReportQuerySchema,
  setAdminBodySchema,
  updateOrderStatusBodySchema,
  updateReviewBodySchema,
  webhookBodySchema,
  webhookDeliveriesQuerySchema,
  webhookUpdateBodySchema,
} from '@printshop/shared-events/api/admin';
import {
  addCartItemBodySchema,
  addPhotostripBodySchema,
  cartQuerySchema,
  updateCartItemBodySchema,
} from '@printshop/shared-events/api/cart';
import { searchQuerySchema } from '@printshop/shared-events/api/catalog';
import { contactBodySchema } from '@printshop/shared-events/api/contact';
import { imageQuerySchema } from '@printshop/shared-events/api/images';
import { redeemBodySchema } from '@printshop/shared-events/api/loyalty';
import {
  checkoutStartBodySchema,
  confirmPaymentBodySchema,
  orderQuerySchema,
  paymentStartBodySchema,
  trackOrderQuerySchema,
  verifyPaymentBodySchema,
} from '@printshop/shared-events/api/orders';
import {
  changePromotionBodySchema,
  createPromotionBodySchema,
  promotionCodeBodySchema,
} from '@printshop/shared-events/api/promotions';
import { createReviewBodySchema, reviewsQuerySchema } from '@printshop/shared-events/api/reviews';
import { TRACKING_BODY_SCHEMAS } from '@printshop/shared-events/api/tracking';

export interface ApiCall {
  method: string;
  /** With its path parameters: /api/orders/:id */
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Takes multipart/form-data (the uploads). */
  multipart?: boolean;
}

const API_MD = path.resolve(import.meta.dirname, '../../docs/api.md');

/** "`GET/POST /api/admin/webhooks`", "`POST /api/track/{a,b}`" -> one call per method and path. */
export function documentedCalls(
  markdown = readFileSync(API_MD, 'utf8'),
): Array<{ method: string; path: string }> {
  const calls = new Map<string, { method: string; path: string }>();
  for (const match of markdown.matchAll(
    /`((?:GET|POST|PUT|PATCH|DELETE)(?:\/(?:GET|POST|PUT|PATCH|DELETE))*) (\/[^\s`?]+)/g,
  )) {
    const [, methods, rawPath] = match;
    const braces = /\{([^}]+)\}/.exec(rawPath!);
    const paths = braces
      ? braces[1]!.split(',').map((part) => rawPath!.replace(braces[0], part))
      : [rawPath!];
    for (const method of methods!.split('/')) {
      for (const callPath of paths) calls.set(`${method} ${callPath}`, { method, path: callPath });
    }
  }
  return [...calls.values()];
}

/** Routes the gateway serves that docs/api.md does not list (yet): fuzzed all the same. */
const UNDOCUMENTED = [
  { method: 'POST', path: '/api/admin/webhooks/:id/ping' },
  { method: 'POST', path: '/api/admin/abandoned-checkouts/:id/recovery-email' },
  { method: 'POST', path: '/api/payment/test/pay' },
];

const SCHEMAS: Record<string, Pick<ApiCall, 'body' | 'query' | 'multipart'>> = {
  'GET /api/search': { query: searchQuerySchema },
  'GET /api/cart': { query: cartQuerySchema },
  'POST /api/cart/item': { body: addCartItemBodySchema },
  'POST /api/cart/photostrips': { body: addPhotostripBodySchema },
  'PUT /api/cart/item/:id': { body: updateCartItemBodySchema },
  'POST /api/cart/promotion-code': { body: promotionCodeBodySchema, query: cartQuerySchema },
  'POST /api/images': { multipart: true },
  'POST /api/images/single': { multipart: true },
  'GET /api/images/:id': { query: imageQuerySchema },
  'POST /api/checkout/start': { body: checkoutStartBodySchema },
  'POST /api/stripe/create-payment-intent': { body: paymentStartBodySchema },
  'POST /api/stripe/confirm-payment': { body: confirmPaymentBodySchema },
  'POST /api/payment/create-order': { body: paymentStartBodySchema },
  'POST /api/payment/verify-payment': { body: verifyPaymentBodySchema },
  'POST /api/payment/test/pay': { body: verifyPaymentBodySchema },
  'GET /api/orders/:id': { query: orderQuerySchema },
  'GET /api/orders/track': { query: trackOrderQuerySchema },
  'POST /api/loyalty/redeem': { body: redeemBodySchema },
  'POST /api/auth/register': { body: registerBodySchema },
  'POST /api/auth/login': { body: loginBodySchema },
  'POST /api/auth/forgot-password': { body: forgotPasswordBodySchema },
  'POST /api/auth/reset-password': { body: resetPasswordBodySchema },
  'POST /api/auth/change-password': { body: changePasswordBodySchema },
  'POST /api/addresses': { body: addressBodySchema },
  'PUT /api/addresses/:id': { body: addressBodySchema },
  'GET /api/reviews': { query: reviewsQuerySchema },
  'POST /api/reviews': { body: createReviewBodySchema },
  'POST /api/contact': { body: contactBodySchema },
  'POST /api/track/add-to-cart': { body: TRACKING_BODY_SCHEMAS['add-to-cart'] },
  'POST /api/track/begin-checkout': { body: TRACKING_BODY_SCHEMAS['begin-checkout'] },
  'POST /api/track/purchase': { body: TRACKING_BODY_SCHEMAS.purchase },
  'POST /api/track/view-content': { body: TRACKING_BODY_SCHEMAS['view-content'] },
  'GET /api/admin/users': { query: adminUsersQuerySchema },
  'PUT /api/admin/users/:id/admin': { body: setAdminBodySchema },
  'GET /api/admin/orders': { query: adminOrdersQuerySchema },
  'PUT /api/admin/orders/:id/status': { body: updateOrderStatusBodySchema },
  'DELETE /api/admin/orders/bulk': { body: bulkDeleteOrdersBodySchema },
  'GET /api/admin/reviews': { query: adminReviewsQuerySchema },
  'PUT /api/admin/reviews/:id': { body: updateReviewBodySchema },
  'GET /api/admin/reports/sales': { query: salesReportQuerySchema },
  'GET /api/admin/abandoned-checkouts': { query: abandonedCheckoutsQuerySchema },
  'POST /api/admin/webhooks': { body: webhookBodySchema },
  'PUT /api/admin/webhooks/:id': { body: webhookUpdateBodySchema },
  'GET /api/admin/webhooks/:id/deliveries': { query: webhookDeliveriesQuerySchema },
  'POST /api/admin/promotions': { body: createPromotionBodySchema },
  'PATCH /api/admin/promotions/:code': { body: changePromotionBodySchema },
};

export function apiCalls(): ApiCall[] {
  return [...documentedCalls(), ...UNDOCUMENTED].map((call) => ({
    ...call,
    ...SCHEMAS[`${call.method} ${call.path}`],
  }));
}

/** The names of a path's parameters: /api/orders/:id -> ['id']. */
export const pathParams = (callPath: string): string[] =>
  [...callPath.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
