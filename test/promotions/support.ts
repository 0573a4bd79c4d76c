// Helpers of the promotion API tests: codes made by the first admin, shoppers with a cart of
// posters, and the checkout and payment calls the money-path tests use (Stripe in test mode).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { browser, type Browser } from '../cart/support';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi, type Api } from '../admin/support';
import { ADDRESS, addPrints, CARD_OK } from '../payments/support';

export const startPromotionApp = (label: string): Promise<TestApp> =>
  startTestApp({ label, env: { ADMIN_EMAIL, ADMIN_PASSWORD } });

export { adminApi, type Api };

/** A unique code for one test (codes are global to the shop). */
export const freshCode = (prefix = 'PROMO') => `${prefix}${randomUUID().slice(0, 8).toUpperCase()}`;

export async function createCode(admin: Api, body: Record<string, unknown>) {
  const answer = await admin.post('/api/admin/promotions', { percentBps: 1000, ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.promotion as { code: string; uses: number; state: string };
}

/** A guest with `quantity` A4 posters (1.78 USD each) in the cart. */
export async function shopperWithPosters(app: TestApp, quantity = 2): Promise<Browser> {
  const shopper = browser(app);
  await addPrints(shopper, 'POSTERA4', quantity);
  return shopper;
}

export const applyCode = (b: Browser, code: string, query = '') =>
  b.call('POST', `/api/cart/promotion-code${query}`, { code });

export async function startCheckout(b: Browser, email = `buyer.${randomUUID().slice(0, 8)}@example.com`) {
  return b.call('POST', '/api/checkout/start', {
    email,
    shippingAddress: ADDRESS,
    currency: 'USD',
    country: 'US',
  });
}

export async function checkoutId(b: Browser, email?: string): Promise<string> {
  const answer = await startCheckout(b, email);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.checkoutId as string;
}

export const startPayment = (b: Browser, id: string) =>
  b.call('POST', '/api/stripe/create-payment-intent', { checkoutId: id });

export const confirm = (b: Browser, paymentIntentId: string, testCard = CARD_OK) =>
  b.call('POST', '/api/stripe/confirm-payment', { paymentIntentId, testCard });
