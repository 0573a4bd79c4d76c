// Loyalty over HTTP: the status call, points redeemed on an order (set on the cart with the cart's
// POST /api/loyalty/redeem), points that are gone by payment time, and five orders redeeming from
// one balance at once without it ever going below zero.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartResponseSchema } from '@printshop/shared-events/api/cart';
import { loyaltyStatusResponseSchema } from '@printshop/shared-events/api/loyalty';
import { checkoutStartResponseSchema, orderResponseSchema } from '@printshop/shared-events/api/orders';
import { loyaltyStreamName } from '@printshop/shared-events/events/loyalty';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { browser, type Browser } from '../cart/support';
import {
  ADDRESS,
  addPrints,
  CARD_OK,
  eventLog,
  expectError,
  postWebhook,
  signedStripeEvent,
  stripeWebhookSecret,
} from './support';

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

/**
 * A new customer holding `points` (from an earlier order), with a cart of 8 prints of 8x10
 * (11.92 USD) and 500 of the points set on it.
 */
async function customerWithPointsOnCart(points: number) {
  const customer = browser(app);
  const { email, userId } = await customer.register();
  await givenPoints(userId, points);
  await addPrints(customer, '8X10PHOTOPRINT', 8);
  const redeemed = await customer.call('POST', '/api/loyalty/redeem', { pointsToRedeem: 500 });
  expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
  return { customer, email, userId };
}

/** The started checkout (`replaces`: the tab's previous one). */
async function startedCheckout(b: Browser, email: string, replaces?: string) {
  const answer = await b.call('POST', '/api/checkout/start', {
    email,
    shippingAddress: ADDRESS,
    currency: 'USD',
    country: 'US',
    ...(replaces && { replaces }),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return checkoutStartResponseSchema.parse(answer.body);
}

const startCheckout = async (b: Browser, email: string) => (await startedCheckout(b, email)).checkoutId;

async function intentFor(b: Browser, checkoutId: string) {
  const answer = await b.call('POST', '/api/stripe/create-payment-intent', { checkoutId });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { paymentIntentId: string; amount: number };
}

/** Stripe's signed `payment_intent.succeeded` for an intent of the checkout (what the webhook gets). */
const stripeSucceeded = (intent: { paymentIntentId: string; amount: number }, checkoutId: string) =>
  signedStripeEvent(stripeWebhookSecret(app), 'payment_intent.succeeded', {
    id: intent.paymentIntentId,
    amount: Math.round(intent.amount * 100),
    currency: 'usd',
    status: 'succeeded',
    metadata: { checkoutId },
  });

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
    const { customer, email } = await customerWithPointsOnCart(1000);
    const cart = cartResponseSchema.parse((await customer.call('GET', '/api/cart')).body);
    expect(cart.discount).toBe(5);
    expect(cart.loyaltyDiscount).toBe(5);

    const intent = await intentFor(customer, await startCheckout(customer, email));
    expect(intent.amount).toBe(cart.grandTotal);
    const paid = await pay(customer, intent.paymentIntentId);

    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const order = orderResponseSchema.parse(paid.body).order;
    expect(order).toMatchObject({ subtotal: 11.92, discount: 5, loyaltyDiscount: 5, total: cart.grandTotal });
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
    const { customer, email } = await customerWithPointsOnCart(600);
    const first = await startCheckout(customer, email);
    // Another tab then checks out other prints with the same points (the same prints would be
    // refused as already ordered).
    const [firstLine] = cartResponseSchema.parse((await customer.call('GET', '/api/cart')).body).items;
    await addPrints(customer, '8X10PHOTOPRINT', 8);
    await customer.call('PUT', `/api/cart/item/${firstLine!.id}`, { quantity: 0 });
    const second = await startCheckout(customer, email);
    expect((await pay(customer, (await intentFor(customer, first)).paymentIntentId)).status).toBe(200);

    expectError(
      await customer.call('POST', '/api/stripe/create-payment-intent', { checkoutId: second }),
      422,
      'You no longer have enough loyalty points for this order. Please review your cart.',
    );
  });

  it('given 500 points set on the cart, when 5 checkouts race to pay with them, then one holds them, the points are spent once and every discount is backed', async () => {
    const { customer, email, userId } = await customerWithPointsOnCart(500);
    const cart = cartResponseSchema.parse((await customer.call('GET', '/api/cart')).body);
    expect(cart.discount).toBe(5);
    const checkouts = await Promise.all(Array.from({ length: 5 }, () => startCheckout(customer, email)));

    const starts = await Promise.all(
      checkouts.map((checkoutId) =>
        customer.call('POST', '/api/stripe/create-payment-intent', { checkoutId }),
      ),
    );

    expect(starts.map((a) => a.status).sort()).toEqual([200, 422, 422, 422, 422]);
    for (const refused of starts.filter((a) => a.status === 422)) {
      expect(refused.body.message).toBe(
        'You no longer have enough loyalty points for this order. Please review your cart.',
      );
    }
    // While the points are held, a new checkout (another tab, of other prints: the same prints would
    // be refunded as already ordered) is priced without them, and says so: its totals (what the
    // payment step shows) use none of the cart's points.
    await addPrints(customer, '8X10PHOTOPRINT', 8);
    await customer.call('PUT', `/api/cart/item/${cart.items[0]!.id}`, { quantity: 0 });
    const other = cartResponseSchema.parse((await customer.call('GET', '/api/cart')).body);
    const started = checkoutStartResponseSchema.parse(
      (
        await customer.call('POST', '/api/checkout/start', {
          email,
          shippingAddress: ADDRESS,
          currency: 'USD',
          country: 'US',
        })
      ).body,
    );
    expect(started.totals).toEqual({
      subtotal: other.subtotal,
      discount: 0,
      shippingFee: other.shippingFee,
      total: other.grandTotal + 5,
      loyaltyPointsUsed: 0,
      loyaltyDiscount: 0,
    });
    const later = await intentFor(customer, started.checkoutId);
    expect(later.amount).toBe(other.grandTotal + 5);
    const holder = starts.find((a) => a.status === 200)!.body as { paymentIntentId: string };
    const paid = await Promise.all([
      pay(customer, holder.paymentIntentId),
      pay(customer, later.paymentIntentId),
    ]);
    expect(paid.map((a) => a.status)).toEqual([200, 200]);
    expect(paid.map((a) => orderResponseSchema.parse(a.body).order.discount)).toEqual([5, 0]);

    const events = await eventLog(app).readStream(loyaltyStreamName(userId));
    const redeemed = events.filter((e) => e.type === 'PointsRedeemed');
    expect(redeemed.map((e) => (e.data as { points: number }).points)).toEqual([500]);
    const placed = await Promise.all(
      paid.map(async (a) => {
        const { order } = orderResponseSchema.parse(a.body);
        const [event] = await eventLog(app).readStream(`order-${order.id}`, { maxCount: 1 });
        return event!.data as {
          orderId: string;
          amounts: { loyaltyPoints: number; unbackedPoints?: number };
        };
      }),
    );
    // Every order's points are points its redemption actually took.
    for (const order of placed) {
      const taken = redeemed.find((e) => (e.data as { orderId: string }).orderId === order.orderId);
      expect(order.amounts.loyaltyPoints).toBe((taken?.data as { points: number } | undefined)?.points ?? 0);
      expect(order.amounts.unbackedPoints).toBeUndefined();
    }
    // 500 spent once; the two orders earned on what they paid for the goods.
    expect((await status(customer)).balance).toBe(Math.floor(cart.subtotal - 5) + Math.floor(other.subtotal));
  });

  it('given all 500 points on the cart held by a started payment, when the same tab starts its checkout again (Back, an address or currency change) replacing it, then the new checkout keeps the points and the old one holds nothing', async () => {
    const { customer, email, userId } = await customerWithPointsOnCart(500);
    const first = await startCheckout(customer, email);
    await intentFor(customer, first);

    const started = await startedCheckout(customer, email, first);

    expect(started.totals).toMatchObject({ loyaltyPointsUsed: 500, loyaltyDiscount: 5 });
    const paid = await pay(customer, (await intentFor(customer, started.checkoutId)).paymentIntentId);
    expect(orderResponseSchema.parse(paid.body).order.discount).toBe(5);
    const released = (await eventLog(app).readStream(loyaltyStreamName(userId))).filter(
      (e) => e.type === 'PointsReservationReleased',
    );
    expect(released.map((e) => e.data)).toMatchObject([{ checkoutId: first, reason: 'checkout_replaced' }]);
  });

  it("given a started payment holding the points, when another customer's checkout names it as replaced, then it keeps its hold", async () => {
    const { customer, email } = await customerWithPointsOnCart(500);
    const first = await startCheckout(customer, email);
    await intentFor(customer, first);
    const stranger = browser(app);
    await addPrints(stranger, '8X10PHOTOPRINT', 1);

    await startedCheckout(stranger, 'stranger@example.com', first);
    const mine = await startedCheckout(customer, email);

    expect(mine.totals?.loyaltyPointsUsed).toBe(0);
  });

  it('given points on a checkout, when its pay button is pressed twice and the webhook races two client confirmations, then one hold, one order and the points spent once', async () => {
    const { customer, email, userId } = await customerWithPointsOnCart(500);
    const checkoutId = await startCheckout(customer, email);

    const [first, second] = await Promise.all([
      intentFor(customer, checkoutId),
      intentFor(customer, checkoutId),
    ]);
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    const succeeded = stripeSucceeded(first, checkoutId);
    const answers = await Promise.all([
      pay(customer, first.paymentIntentId),
      pay(customer, first.paymentIntentId),
      postWebhook(app, succeeded.payload, succeeded.signature),
    ]);

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const events = await eventLog(app).readStream(loyaltyStreamName(userId));
    expect(events.filter((e) => e.type === 'PointsReserved')).toHaveLength(1);
    expect(
      events.filter((e) => e.type === 'PointsRedeemed').map((e) => (e.data as { points: number }).points),
    ).toEqual([500]);
    expect((await status(customer)).balance).toBe(6);
  });

  it("given the webhook placed the order and earned its points, when the customer's own confirmation answers, then its position covers those points", async () => {
    const { customer, email, userId } = await customerWithPointsOnCart(500);
    const checkoutId = await startCheckout(customer, email);
    const intent = await intentFor(customer, checkoutId);
    const succeeded = stripeSucceeded(intent, checkoutId);
    expect((await postWebhook(app, succeeded.payload, succeeded.signature)).status).toBe(200);

    const paid = await pay(customer, intent.paymentIntentId);

    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const { order } = orderResponseSchema.parse(paid.body);
    const events = await eventLog(app).readStream(loyaltyStreamName(userId));
    const earned = events.find(
      (e) => e.type === 'PointsEarned' && (e.data as { orderId?: string }).orderId === order.id,
    )!;
    // The customer's next read waits for this position: the balance it shows holds the earned points
    // (it answered the order's own position, 51 against the points' 54, and a racing read missed them).
    expect(Number(paid.headers.get('x-event-position'))).toBeGreaterThanOrEqual(earned.position);
  });
});
