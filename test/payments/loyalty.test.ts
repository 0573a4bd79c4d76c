// Loyalty over HTTP: the status call, points redeemed on an order (set on the cart with the cart's
// POST /api/loyalty/redeem), points that are gone by payment time, and five orders redeeming from
// one balance at once without it ever going below zero.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartResponseSchema } from '@printshop/shared-events/api/cart';
import { loyaltyStatusResponseSchema } from '@printshop/shared-events/api/loyalty';
import { orderResponseSchema } from '@printshop/shared-events/api/orders';
import { loyaltyStreamName } from '@printshop/shared-events/events/loyalty';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { browser, type Browser } from '../cart/support';
import { ADDRESS, addPrints, CARD_OK, eventLog, expectError } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ label: 'loyalty_api' });
});
afterAll(async () => {
  await app?.stop();
});

/** Given the user already holds `points` (from an earlier order). */
async function givenPoints(userId: string, points: number) {
  await eventLog(app).appendToStream(loyaltyStreamName(userId), [
    {
      type: 'PointsEarned',
      data: { orderId: randomUUID(), orderNumber: 'PS-EARLIER2', points, at: new Date().toISOString() },
    },
  ]);
}

/** A cart of 8 prints of 8x10 (11.92 USD) with 500 points set on it. */
async function cartWithPoints(b: Browser) {
  await addPrints(b, '8X10PHOTOPRINT', 8);
  const redeemed = await b.call('POST', '/api/loyalty/redeem', { pointsToRedeem: 500 });
  expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
}

async function startCheckout(b: Browser, email: string) {
  const answer = await b.call('POST', '/api/checkout/start', {
    email,
    shippingAddress: ADDRESS,
    currency: 'USD',
    country: 'US',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.checkoutId as string;
}

async function intentFor(b: Browser, checkoutId: string) {
  const answer = await b.call('POST', '/api/stripe/create-payment-intent', { checkoutId });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { paymentIntentId: string; amount: number };
}

const pay = (b: Browser, paymentIntentId: string) =>
  b.call('POST', '/api/stripe/confirm-payment', { paymentIntentId, testCard: CARD_OK });

const status = async (b: Browser) =>
  loyaltyStatusResponseSchema.parse((await b.call('GET', '/api/loyalty/status')).body);

describe('loyalty status', () => {
  it('is for signed-in customers only', async () => {
    expectError(await browser(app).call('GET', '/api/loyalty/status'), 401, /sign in/);
  });

  it('given a new customer, then the balance is zero with the rules and no history', async () => {
    const customer = browser(app);
    await customer.register();
    expect(await status(customer)).toEqual({
      success: true,
      balance: 0,
      valuePerPoint: 0.01,
      earnRate: 1,
      history: [],
    });
  });
});

describe('redeeming points on an order', () => {
  it('given 1,000 points and 500 set on the cart, when the order is paid, then 500 are spent and the paid part earns', async () => {
    const customer = browser(app);
    const { email, userId } = await customer.register();
    await givenPoints(userId, 1000);
    await cartWithPoints(customer);
    const cart = cartResponseSchema.parse((await customer.call('GET', '/api/cart')).body);
    expect(cart.discount).toBe(5);

    const intent = await intentFor(customer, await startCheckout(customer, email));
    expect(intent.amount).toBe(cart.grandTotal);
    const paid = await pay(customer, intent.paymentIntentId);

    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const order = orderResponseSchema.parse(paid.body).order;
    expect(order).toMatchObject({ subtotal: 11.92, discount: 5, total: cart.grandTotal });
    const loyalty = await status(customer);
    // 11.92 - 5.00 paid for the goods: 6 points earned.
    expect(loyalty.balance).toBe(1000 - 500 + 6);
    expect(loyalty.history.map(({ type, points, orderNumber }) => ({ type, points, orderNumber }))).toEqual([
      { type: 'earned', points: 6, orderNumber: order.orderNumber },
      { type: 'redeemed', points: -500, orderNumber: order.orderNumber },
      { type: 'earned', points: 1000, orderNumber: 'PS-EARLIER2' },
    ]);
  });

  it('given the points were spent by another order meanwhile, when this checkout is paid, then it is refused', async () => {
    const customer = browser(app);
    const { email, userId } = await customer.register();
    await givenPoints(userId, 600);
    await cartWithPoints(customer);
    const first = await startCheckout(customer, email);
    const second = await startCheckout(customer, email);
    expect((await pay(customer, (await intentFor(customer, first)).paymentIntentId)).status).toBe(200);

    expectError(
      await customer.call('POST', '/api/stripe/create-payment-intent', { checkoutId: second }),
      422,
      'You no longer have enough loyalty points for this order. Please review your cart.',
    );
  });

  it('given 1,200 points, when 5 orders each redeeming 500 are paid at once, then the balance never goes below zero', async () => {
    const customer = browser(app);
    const { email, userId } = await customer.register();
    await givenPoints(userId, 1200);
    await cartWithPoints(customer);
    const checkouts = [];
    for (let i = 0; i < 5; i++) checkouts.push(await startCheckout(customer, email));
    const intents = [];
    for (const checkoutId of checkouts) intents.push(await intentFor(customer, checkoutId));

    const answers = await Promise.all(intents.map((intent) => pay(customer, intent.paymentIntentId)));

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const events = await eventLog(app).readStream(loyaltyStreamName(userId));
    let balance = 0;
    let redeemed = 0;
    for (const event of events) {
      const { points } = event.data as { points: number };
      if (event.type === 'PointsRedeemed') redeemed += points;
      balance += event.type === 'PointsRedeemed' ? -points : points;
      expect(balance).toBeGreaterThanOrEqual(0);
    }
    expect(events.filter((e) => e.type === 'PointsRedeemed').length).toBeGreaterThanOrEqual(3);
    expect(redeemed).toBeGreaterThan(1000);
    expect((await status(customer)).balance).toBe(balance);
  });
});
