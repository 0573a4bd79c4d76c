// Answers of the admin API as shared-events/src/api/admin.ts shapes them, and a signed-in admin,
// for the admin screens' component tests.
import type { z } from 'zod';
import type {
  AdminOrderDto,
  abandonedCheckoutSchema,
  adminReviewSchema,
  adminUserSchema,
  orderSummarySchema,
  SalesReportResponse,
  Webhook,
  WebhookDelivery,
} from '@printshop/shared-events/api/admin';
import { TOKEN_KEY, USER_KEY } from '@/lib/session/session-store';

export const ADMIN_TOKEN = 'admin-token';
export const adminUser = {
  id: 'admin-1',
  email: 'chief@example.com',
  first_name: 'Grace',
  last_name: 'Hopper',
  is_admin: true,
};

/** Stores a signed-in admin (or the given user) the way the session feature restores it. */
export function signIn(
  user: { id: string; email: string; first_name: string; last_name: string; is_admin: boolean } = adminUser,
  token = ADMIN_TOKEN,
) {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export const pagination = (total: number, page = 1, limit = 20) => ({
  page,
  limit,
  total,
  pages: Math.ceil(total / limit),
});

export const orderSummary = (n: number, overrides: Partial<z.infer<typeof orderSummarySchema>> = {}) => ({
  id: `o${n}`,
  orderNumber: `PS-${10000 + n}`,
  status: 'paid' as const,
  createdAt: '2025-01-02T10:00:00.000Z',
  email: `buyer${n}@example.com`,
  itemCount: 2,
  total: 13.56,
  currency: 'USD',
  ...overrides,
});

export function adminOrder(overrides: Partial<AdminOrderDto> = {}): AdminOrderDto {
  return {
    id: 'o1',
    orderNumber: 'PS-10001',
    status: 'in_production',
    createdAt: '2025-01-02T10:00:00.000Z',
    email: 'ada@example.com',
    items: [
      {
        lineId: 'l1',
        sku: 'POSTERA4',
        name: 'A4 Poster | Customized Poster Print',
        quantity: 2,
        pricePerUnit: 1.78,
        lineTotal: 3.56,
        croppedImageId: 'img-crop-1',
        rawImageId: 'img-raw-1',
        crop: { x: 10.4, y: 20, width: 800, height: 1131 },
        printQuality: 'fair',
        size: '8.3 x 11.7 in',
      },
    ],
    subtotal: 3.56,
    discount: 0,
    shippingFee: 10,
    total: 13.56,
    currency: 'USD',
    shippingAddress: {
      fullName: 'Ada Lovelace',
      phone: '+1 202 555 0100',
      line1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      country: 'US',
    },
    payment: { provider: 'stripe', status: 'paid', paymentId: 'pi_123', testMode: true, refunded: 0 },
    timeline: [
      { status: 'paid', at: '2025-01-02T10:00:00.000Z' },
      { status: 'in_production', at: '2025-01-03T09:00:00.000Z', note: 'Printing today' },
    ],
    archived: false,
    customer: { userId: 'u1', email: 'ada@example.com', name: 'Ada Lovelace' },
    ...overrides,
  };
}

export const auditEvents = [
  {
    id: 'e1',
    type: 'OrderPlaced',
    at: '2025-01-02T10:00:00.000Z',
    actor: 'u1',
    actorName: 'Ada Lovelace',
    data: { orderId: 'o1', orderNumber: 'PS-10001' },
  },
  {
    id: 'e2',
    type: 'OrderStatusChanged',
    at: '2025-01-03T09:00:00.000Z',
    actor: 'admin:admin-1',
    actorName: 'Grace Hopper',
    data: { orderId: 'o1', status: 'in_production' },
  },
];

export const adminUserRow = (n: number, overrides: Partial<z.infer<typeof adminUserSchema>> = {}) => ({
  id: `u${n}`,
  email: `user${n}@example.com`,
  first_name: `First${n}`,
  last_name: `Last${n}`,
  is_admin: false,
  createdAt: '2025-01-01T08:00:00.000Z',
  orderCount: n,
  totalSpent: n * 10.5,
  ...overrides,
});

export const adminReview = (n: number, overrides: Partial<z.infer<typeof adminReviewSchema>> = {}) => ({
  id: `r${n}`,
  rating: 4,
  content: `Lovely prints, number ${n}`,
  created_at: '2025-01-04T12:00:00.000Z',
  user: { name: `Reviewer ${n}` },
  productSku: 'POSTERA4',
  verifiedPurchase: true,
  status: 'pending' as const,
  userId: `u${n}`,
  ...overrides,
});

const figures = (net: number, orders: number) => ({
  orders,
  units: orders * 2,
  gross: net + 5,
  discounts: 5,
  shipping: 0,
  net,
});

export function salesReport(overrides: Partial<SalesReportResponse> = {}): SalesReportResponse {
  return {
    success: true,
    currency: 'USD',
    scope: 'USD-converted',
    from: '2025-01-01',
    to: '2025-01-03',
    groupBy: 'day',
    timeZone: 'UTC',
    series: [
      { period: '2025-01-01', ...figures(0, 0) },
      { period: '2025-01-02', ...figures(120.5, 3) },
      { period: '2025-01-03', ...figures(40, 1) },
    ],
    totals: figures(160.5, 4),
    byCategory: [
      { category: 'Posters', units: 6, net: 120.5 },
      { category: 'Retro Prints', units: 2, net: 40 },
    ],
    topProducts: [{ sku: 'POSTERA4', name: 'A4 Poster', units: 6, net: 120.5 }],
    ...overrides,
  };
}

export const webhook = (n: number, overrides: Partial<Webhook> = {}): Webhook => ({
  id: `w${n}`,
  url: `https://hooks.example.com/${n}`,
  events: ['order.paid', 'order.shipped'],
  active: true,
  createdAt: '2025-01-01T08:00:00.000Z',
  ...overrides,
});

export const delivery = (n: number, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: `d${n}`,
  webhookId: 'w1',
  event: 'order.paid',
  status: 'failed',
  attempts: 3,
  responseStatus: 500,
  lastError: 'HTTP 500',
  createdAt: '2025-01-02T10:00:00.000Z',
  deliveredAt: null,
  nextAttemptAt: null,
  log: [
    {
      attempt: 1,
      at: '2025-01-02T10:00:01.000Z',
      durationMs: 42,
      responseStatus: 500,
      responseSnippet: 'Internal trouble at the receiver',
    },
  ],
  ...overrides,
});

export const abandonedCheckout = (
  n: number,
  overrides: Partial<z.infer<typeof abandonedCheckoutSchema>> = {},
) => ({
  checkoutId: `c${n}`,
  email: `shopper${n}@example.com`,
  items: [{ sku: 'POSTERA4', name: 'A4 Poster', quantity: 2 }],
  value: 23.5,
  currency: 'EUR',
  valueUsd: 25.54,
  startedAt: '2025-01-02T07:00:00.000Z',
  lastActivityAt: '2025-01-02T07:05:00.000Z',
  recoveryEmailRequestedAt: null,
  ...overrides,
});
