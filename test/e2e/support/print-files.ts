// The end of an order journey: the browser's cart paid with Stripe's 4242 test card (the shop's
// test mode, a stand-in for Stripe's servers), then the print-files ZIP of that order as the admin
// downloads it (after the read side has taken the order in).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api as apiClient, unzip } from '../../admin/support';
import { openShop, type Shop } from './browser';
import { TEST_ADDRESS } from './orders';

/** The admin the journey's shop is started with (`ADMIN_EMAIL`, `ADMIN_PASSWORD`). */
export const JOURNEY_ADMIN = { email: 'chief@example.com', password: 'ChiefPass123' };

/** A shop whose first admin is JOURNEY_ADMIN, for journeys that end at the admin's print files. */
export const openShopWithAdmin = (label: string): Promise<Shop> =>
  openShop(label, {
    env: { ADMIN_EMAIL: JOURNEY_ADMIN.email, ADMIN_PASSWORD: JOURNEY_ADMIN.password },
  });

/** Pays the page's cart as `who` and answers the order's print-files ZIP by entry name. */
export async function payAndDownloadPrintFiles(
  page: Page,
  shop: Shop,
  who: string,
): Promise<Map<string, Buffer>> {
  const intent = await page.request.post(shop.url('/api/stripe/create-payment-intent'), {
    data: {
      email: `${who}.${Date.now()}@example.com`,
      shippingAddress: TEST_ADDRESS,
      currency: 'USD',
      country: 'US',
    },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const paid = await page.request.post(shop.url('/api/stripe/confirm-payment'), {
    data: { paymentIntentId: (await intent.json()).paymentIntentId, testCard: '4242424242424242' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const order = (await paid.json()).order as { id: string };
  const login = await apiClient(shop.app).post('/api/auth/login', JOURNEY_ADMIN);
  const admin = apiClient(shop.app, login.body.token as string);
  admin.observe(paid.headers()['x-event-position']);
  const zip = await admin.get(`/api/admin/orders/${order.id}/print-files`);
  expect(zip.status).toBe(200);
  return unzip(zip.bytes);
}
