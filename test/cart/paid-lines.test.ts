// What is paid is what is made: the cart changes in another tab while a payment is open, and the
// order holds exactly the lines that were priced and paid, while what was added meanwhile stays in
// the cart (API level, real Postgres and NATS).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartResponseSchema } from '@printshop/shared-events/api/cart';
import { orderResponseSchema } from '@printshop/shared-events/api/orders';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { ADDRESS, addPrints, CARD_OK } from '../payments/support';
import { browser, type Browser } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ label: 'paid_lines' });
});
afterAll(async () => {
  await app?.stop();
});

async function openPayment(b: Browser) {
  const answer = await b.call('POST', '/api/stripe/create-payment-intent', {
    email: 'two.tabs@example.com',
    shippingAddress: ADDRESS,
    currency: 'USD',
    country: 'US',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.paymentIntentId as string;
}

async function pay(b: Browser, paymentIntentId: string) {
  const paid = await b.call('POST', '/api/stripe/confirm-payment', { paymentIntentId, testCard: CARD_OK });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return orderResponseSchema.parse(paid.body).order;
}

const cartOf = async (b: Browser) => cartResponseSchema.parse((await b.call('GET', '/api/cart')).body);

describe('a cart changed while its payment is open', () => {
  it('given a payment started for 2 posters, when a print is added in another tab and then the payment succeeds, then the order holds the posters and the cart still holds the print', async () => {
    const shopper = browser(app);
    await addPrints(shopper, 'POSTERA4', 2);
    const paymentIntentId = await openPayment(shopper);

    const added = await addPrints(shopper, '4X6PHOTOPRINT', 3);
    const order = await pay(shopper, paymentIntentId);

    expect(order.items.map(({ sku, quantity }) => ({ sku, quantity }))).toEqual([
      { sku: 'POSTERA4', quantity: 2 },
    ]);
    const cart = await cartOf(shopper);
    expect(cart.items.map(({ id, sku, quantity }) => ({ id, sku, quantity }))).toEqual([
      { id: added.item.id, sku: '4X6PHOTOPRINT', quantity: 3 },
    ]);
  });

  it('given a payment started for 2 posters, when that line grows to 5 meanwhile, then the order holds 2 and the cart keeps 3', async () => {
    const shopper = browser(app);
    const { item } = await addPrints(shopper, 'POSTERA4', 2);
    const paymentIntentId = await openPayment(shopper);

    const grown = await shopper.call('PUT', `/api/cart/item/${item.id}`, { quantity: 5 });
    expect(grown.status, JSON.stringify(grown.body)).toBe(200);
    const order = await pay(shopper, paymentIntentId);

    expect(order.items.map(({ quantity }) => quantity)).toEqual([2]);
    expect((await cartOf(shopper)).items.map(({ id, quantity }) => ({ id, quantity }))).toEqual([
      { id: item.id, quantity: 3 },
    ]);
  });
});
