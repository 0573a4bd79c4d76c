// An order with nothing to pay: a 100% code on a cart that ships free. Providers cannot take a
// payment of 0, so the card and UPI starts say there is nothing to pay, and the order is placed
// without a payment (POST /api/payment/free-order), spending the code's use once like a paid one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartResponseSchema } from '@printshop/shared-events/api/cart';
import { orderResponseSchema } from '@printshop/shared-events/api/orders';
import { promotionStreamName } from '@printshop/shared-events/events/promotion';
import type { TestApp } from '@printshop/test/support/app';
import { expectError, eventLog } from '../payments/support';
import {
  adminApi,
  applyCode,
  checkoutId,
  createCode,
  freshCode,
  shopperWithPosters,
  startPromotionApp,
  type Api,
} from './support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startPromotionApp('free_order');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

const NOTHING_TO_PAY = 'This order has nothing to pay: place it without a payment.';

/** 30 A4 posters (53.40 USD: free shipping to the US) with a 100% code. */
async function freeCheckout(maxUses?: number) {
  const { code } = await createCode(admin, { code: freshCode('FREE'), percentBps: 10_000, maxUses });
  const shopper = await shopperWithPosters(app, 30);
  expect((await applyCode(shopper, code)).status).toBe(200);
  return { shopper, code, checkoutId: await checkoutId(shopper) };
}

describe('an order with nothing to pay', () => {
  it('given a 100% code on a cart that ships free, when a card or UPI payment starts, then it says there is nothing to pay', async () => {
    const { shopper, checkoutId: id } = await freeCheckout();

    for (const path of ['/api/stripe/create-payment-intent', '/api/payment/create-order'])
      expectError(await shopper.call('POST', path, { checkoutId: id }), 409, NOTHING_TO_PAY);
  });

  it('given that checkout, when it is placed without a payment, then the order is paid with 0, the code used once and the cart empty; placed again, it is refused', async () => {
    const { shopper, code, checkoutId: id } = await freeCheckout();

    const placed = await shopper.call('POST', '/api/payment/free-order', { checkoutId: id });

    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { order } = orderResponseSchema.parse(placed.body);
    expect(order).toMatchObject({
      status: 'paid',
      subtotal: 53.4,
      discount: 53.4,
      shippingFee: 0,
      total: 0,
      payment: { provider: 'none', status: 'paid' },
    });
    const spent = (await eventLog(app).readStream(promotionStreamName(code))).filter(
      (e) => e.type === 'PromotionUseSpent',
    );
    expect(spent).toHaveLength(1);
    expect(cartResponseSchema.parse((await shopper.call('GET', '/api/cart')).body).items).toEqual([]);
    expectError(
      await shopper.call('POST', '/api/payment/free-order', { checkoutId: id }),
      409,
      'This checkout has already been paid.',
    );
  });

  it('given a 100% code with one use left on two carts, when both are placed at once, then one order uses it and the other is refused', async () => {
    const { code } = await createCode(admin, { code: freshCode('ONE'), percentBps: 10_000, maxUses: 1 });
    const shoppers = await Promise.all([shopperWithPosters(app, 30), shopperWithPosters(app, 30)]);
    const ids: string[] = [];
    for (const shopper of shoppers) {
      expect((await applyCode(shopper, code)).status).toBe(200);
      ids.push(await checkoutId(shopper));
    }

    const answers = await Promise.all(
      shoppers.map((shopper, i) => shopper.call('POST', '/api/payment/free-order', { checkoutId: ids[i] })),
    );

    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)!.body.message).toBe('This code has been used up.');
  });

  it('given a checkout with an amount to pay, when it is placed without a payment, then it is refused and no order is made', async () => {
    const shopper = await shopperWithPosters(app, 2);
    const id = await checkoutId(shopper);

    expectError(
      await shopper.call('POST', '/api/payment/free-order', { checkoutId: id }),
      409,
      'This order has an amount to pay: choose a payment method.',
    );
    expect(cartResponseSchema.parse((await shopper.call('GET', '/api/cart')).body).items).toHaveLength(1);
  });
});
