// A price change never changes a placed order (API.md "Catalog and settings"): the checkout freezes
// the cart as priced when it starts; the payment and the order keep that amount, whatever the owner
// changes afterwards. A cart priced after the change pays the new price.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@printshop/test/support/app';
import { browser } from '../cart/support';
import { adminApi, startAdminApp, type Api } from '../admin/support';
import { ADDRESS, addPrints, CARD_OK } from '../payments/support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('catalog_frozen');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

const intentBody = { email: 'frozen@example.com', shippingAddress: ADDRESS, currency: 'USD', country: 'US' };

describe('a price change after CheckoutStarted', () => {
  it('given a checkout started at 1.78 a poster, when the admin prices it at 2.50 and the shopper pays, then the payment and the order keep 1.78', async () => {
    const shopper = browser(app);
    await addPrints(shopper, 'POSTERA4', 2);
    const intent = await shopper.call('POST', '/api/stripe/create-payment-intent', intentBody);
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const amount = intent.body.amount as number;

    const priced = await admin.call('PATCH', '/api/admin/catalog/POSTERA4', { priceUsdCents: 250 });
    expect(priced.status).toBe(200);
    // The cart is repriced at once (the same shopper, before paying) ...
    const cart = await shopper.call('GET', '/api/cart?currency=USD&country=US');
    expect(cart.body.items[0]).toMatchObject({ sku: 'POSTERA4', pricePerUnit: 2.5 });

    // ... but the payment started before the change is confirmed for the frozen amount.
    const confirmed = await shopper.call('POST', '/api/stripe/confirm-payment', {
      paymentIntentId: intent.body.paymentIntentId,
      testCard: CARD_OK,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const order = confirmed.body.order;
    expect(order.total).toBe(amount);
    expect(order.items).toEqual([
      expect.objectContaining({ sku: 'POSTERA4', quantity: 2, pricePerUnit: 1.78 }),
    ]);

    // Read again later by the admin, the order still says 1.78.
    admin.observe(confirmed.headers.get('x-event-position'));
    const stored = await admin.get(`/api/admin/orders/${order.id}`);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.order).toMatchObject({ total: amount });
    expect(stored.body.order.items[0]).toMatchObject({ pricePerUnit: 1.78, lineTotal: 3.56 });
  });

  it('given the new price, when another shopper checks out, then the payment is at the new price', async () => {
    const shopper = browser(app);
    await addPrints(shopper, 'POSTERA4', 2);
    const intent = await shopper.call('POST', '/api/stripe/create-payment-intent', intentBody);
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    // 2 x 2.50 plus the 10 USD US shipping (under the 50 USD threshold).
    expect(intent.body.amount).toBe(15);
  });
});
