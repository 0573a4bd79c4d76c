// The shop with real provider keys, talking to Stripe through the official stripe SDK and to
// Razorpay through its REST API. Stripe's and Razorpay's servers cannot be reached from here, so
// the SDK's host/port/protocol options (and RAZORPAY_API_URL) point at local stand-ins
// (stand-ins.ts); everything else is the real shop over HTTP.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderResponseSchema, orderResponseSchema } from '@printshop/shared-events/api/orders';
import { orderStreamName } from '@printshop/shared-events/events/order';
import { silentLogger } from '@printshop/shared-events/logger';
import { toMinor } from '@printshop/shared-events/rules/money';
import { orderIdOf } from '@printshop/command-service/order/derived-ids';
import { loadConfig } from '@printshop/infra/config';
import { startPaymentReconciler } from '@printshop/infra/payments/payment-reconciler';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { natsUrl } from '@printshop/test/support/database';
import { browser, type Browser } from '../cart/support';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi } from '../admin/support';
import { startRazorpayStandIn, startStripeStandIn } from './stand-ins';
import { ADDRESS, addPrints, eventLog, expectError, postWebhook, signedStripeEvent } from './support';

let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
let razorpay: Awaited<ReturnType<typeof startRazorpayStandIn>>;
let app: TestApp;
let env: Record<string, string>;
beforeAll(async () => {
  stripe = await startStripeStandIn({ refuseCurrency: 'rub' });
  razorpay = await startRazorpayStandIn();
  env = {
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
    STRIPE_WEBHOOK_SECRET: 'whsec_standinsecret',
    STRIPE_API_URL: stripe.url,
    RAZORPAY_KEY_ID: 'rzp_test_standin',
    RAZORPAY_KEY_SECRET: 'standin-key-secret',
    RAZORPAY_API_URL: `${razorpay.url}/v1`,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
  };
  app = await startTestApp({ label: 'provider_apis', env });
});
afterAll(async () => {
  // stop() throws when the shop logged an error: the stand-ins close all the same.
  try {
    await app?.stop();
  } finally {
    await stripe?.close();
    await razorpay?.close();
  }
});

const startBody = (currency = 'USD') => ({
  email: 'keys@example.com',
  shippingAddress: ADDRESS,
  currency,
  country: 'US',
});

async function createIntent(b: Browser, body: Record<string, unknown>) {
  const answer = await b.call('POST', '/api/stripe/create-payment-intent', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as {
    checkoutId: string;
    paymentIntentId: string;
    amount: number;
    currency: string;
    testMode: boolean;
    publishableKey: string;
  };
}

const confirm = (b: Browser, paymentIntentId: string) =>
  b.call('POST', '/api/stripe/confirm-payment', { paymentIntentId, testCard: '4242424242424242' });

describe('Stripe through its SDK', () => {
  it('given a cart, when an intent is asked for twice, then Stripe gets the server amount under one idempotency key', async () => {
    const guest = browser(app);
    await addPrints(guest, 'POSTERA4', 2);
    const first = await createIntent(guest, startBody());
    const second = await createIntent(guest, { checkoutId: first.checkoutId });

    expect(first).toMatchObject({ currency: 'USD', testMode: true, publishableKey: 'pk_test_standin' });
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    const posts = stripe.received.filter((r) => r.method === 'POST' && r.body.includes(first.checkoutId));
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      const form = new URLSearchParams(post.body);
      expect(form.get('amount')).toBe(String(toMinor(first.amount, 'USD')));
      expect(form.get('currency')).toBe('usd');
      expect(form.get('metadata[checkoutId]')).toBe(first.checkoutId);
      expect(post.headers['idempotency-key']).toBe(`printshop-checkout-${first.checkoutId}`);
      expect(post.headers.authorization).toBe('Bearer sk_test_standin');
    }
  });

  it("given a declined payment at Stripe, when confirmed, then Stripe's message; once Stripe says succeeded, the order", async () => {
    const guest = browser(app);
    await addPrints(guest);
    const intent = await createIntent(guest, startBody());
    stripe.settle(intent.paymentIntentId, 'requires_payment_method', {
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    const postsBefore = stripe.received.filter((r) => r.method === 'POST').length;

    expectError(await confirm(guest, intent.paymentIntentId), 402, 'Your card was declined.');
    stripe.settle(intent.paymentIntentId, 'succeeded');
    const paid = await confirm(guest, intent.paymentIntentId);

    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(orderResponseSchema.parse(paid.body).order).toMatchObject({
      status: 'paid',
      total: intent.amount,
    });
    // The status was only ever read from Stripe; a test card is never sent anywhere with real keys.
    expect(stripe.received.filter((r) => r.method === 'POST')).toHaveLength(postsBefore);
  });

  it('given an OMR checkout, then Stripe gets the amount in baisa (3 decimals) and the order matches', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const intent = await createIntent(guest, startBody('OMR'));
    expect(stripe.intents.get(intent.paymentIntentId)).toMatchObject({
      currency: 'omr',
      amount: toMinor(intent.amount, 'OMR') * 10,
    });
    stripe.settle(intent.paymentIntentId, 'succeeded');
    const order = orderResponseSchema.parse((await confirm(guest, intent.paymentIntentId)).body).order;
    expect(order).toMatchObject({ currency: 'OMR', total: intent.amount });
  });

  it('given Stripe refuses the request, then its message is passed on as 422; an unknown intent is 404', async () => {
    const guest = browser(app);
    await addPrints(guest);
    expectError(
      await guest.call('POST', '/api/stripe/create-payment-intent', startBody('RUB')),
      422,
      'Invalid currency: rub.',
    );
    expectError(await confirm(guest, 'pi_nothing'), 404, 'Payment not found');
  });

  it('given the configured webhook secret, then its signed events are taken and others refused', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const intent = await createIntent(guest, startBody());
    stripe.settle(intent.paymentIntentId, 'succeeded');
    const object = {
      id: intent.paymentIntentId,
      amount: toMinor(intent.amount, 'USD'),
      currency: 'usd',
      status: 'succeeded',
      metadata: { checkoutId: intent.checkoutId },
    };
    const other = signedStripeEvent('whsec_someoneelse', 'payment_intent.succeeded', object);
    expectError(await postWebhook(app, other.payload, other.signature), 400, /signature/);
    const good = signedStripeEvent(env.STRIPE_WEBHOOK_SECRET!, 'payment_intent.succeeded', object);
    expect((await postWebhook(app, good.payload, good.signature)).status).toBe(200);
    const events = await eventLog(app).readStream(
      orderStreamName(orderIdOf('stripe', intent.paymentIntentId)),
    );
    expect(events.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPaid']);
  });
});

describe('Razorpay through its REST API', () => {
  it('given a cart, when an order is created, then Razorpay gets the amount with the key and the checkout', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const answer = await guest.call('POST', '/api/payment/create-order', startBody('INR'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const created = createOrderResponseSchema.parse(answer.body);

    expect(created).toMatchObject({ keyId: 'rzp_test_standin', testMode: true, currency: 'INR' });
    const post = razorpay.received.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/v1/orders');
    expect(post.headers.authorization).toBe(
      `Basic ${Buffer.from('rzp_test_standin:standin-key-secret').toString('base64')}`,
    );
    expect(JSON.parse(post.body)).toMatchObject({
      amount: toMinor(created.amount, 'INR'),
      currency: 'INR',
      notes: { checkoutId: answer.body.checkoutId },
    });
  });

  it('given an order paid at Razorpay whose confirmation never came, when the status job runs, then the order is placed once', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const created = createOrderResponseSchema.parse(
      (await guest.call('POST', '/api/payment/create-order', startBody('INR'))).body,
    );
    const paymentId = razorpay.pay(created.orderId);
    const orderId = orderIdOf('razorpay', created.orderId);
    const store = eventLog(app);

    const job = startPaymentReconciler(
      {
        config: loadConfig({ ...env, DATA_DIR: app.dataDir, NATS_URL: natsUrl() }),
        logger: silentLogger,
        db: app.db,
        store,
        now: () => new Date(),
      },
      { intervalMs: 25, minAgeMs: 0 },
    );
    try {
      // The job runs on its own clock: wait (bounded by the test timeout) until it placed the order.
      while ((await store.readStream(orderStreamName(orderId))).length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await job.stop();
    }

    // The customer's own confirmation arrives late: the same order, still placed once.
    const signature = createHmac('sha256', env.RAZORPAY_KEY_SECRET!)
      .update(`${created.orderId}|${paymentId}`)
      .digest('hex');
    const late = await guest.call('POST', '/api/payment/verify-payment', {
      razorpay_order_id: created.orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature,
    });
    expect(orderResponseSchema.parse(late.body).order.id).toBe(orderId);
    expect((await store.readStream(orderStreamName(orderId))).map((e) => e.type)).toEqual([
      'OrderPlaced',
      'OrderPaid',
    ]);
    const asked = razorpay.received.filter((r) => r.path === `/v1/orders/${created.orderId}/payments`);
    expect(asked.length).toBeGreaterThan(0);
  });

  it('given test mode is off, then the test checkout does not exist', async () => {
    expectError(
      await browser(app).call('POST', '/api/payment/test/pay', { razorpay_order_id: 'order_x' }),
      404,
      'Not found',
    );
  });
});

describe('refunds at the providers', () => {
  const refund = async (order: { id: string }, position: number) => {
    const admin = await adminApi(app);
    admin.observe(position);
    return admin.put(`/api/admin/orders/${order.id}/status`, { status: 'refunded' });
  };

  async function paidAtStripe() {
    const guest = browser(app);
    await addPrints(guest);
    const intent = await createIntent(guest, startBody());
    stripe.settle(intent.paymentIntentId, 'succeeded');
    const paid = await confirm(guest, intent.paymentIntentId);
    return {
      intent,
      order: orderResponseSchema.parse(paid.body).order,
      position: Number(paid.headers.get('x-event-position')),
    };
  }

  it('given a card order, when the admin refunds it, then Stripe is asked through the SDK for the whole amount under an idempotency key, and the order names its refund', async () => {
    const { intent, order, position } = await paidAtStripe();
    expect((await refund(order, position)).status).toBe(200);

    const asked = stripe.received.filter((r) => r.path === '/v1/refunds');
    expect(asked).toHaveLength(1);
    const amount = toMinor(intent.amount, 'USD');
    expect(Object.fromEntries(new URLSearchParams(asked[0]!.body))).toEqual({
      payment_intent: intent.paymentIntentId,
      amount: String(amount),
    });
    expect(asked[0]!.headers['idempotency-key']).toBe(`refund-${order.id}-0-${amount}`);
    const events = await eventLog(app).readStream(orderStreamName(order.id));
    expect(events.at(-1)).toMatchObject({
      type: 'OrderRefunded',
      data: { amount, refundId: stripe.refunds.at(-1)!.id },
    });
  });

  it("given Stripe refuses (the charge was refunded in its dashboard), then 422 with Stripe's words and the order stays paid", async () => {
    const { intent, order, position } = await paidAtStripe();
    stripe.refunds.push({
      id: 're_dashboard',
      object: 'refund',
      amount: toMinor(intent.amount, 'USD'),
      payment_intent: intent.paymentIntentId,
      status: 'succeeded',
    });
    expectError(
      await refund(order, position),
      422,
      `Charge for ${intent.paymentIntentId} has already been refunded.`,
    );
    const events = await eventLog(app).readStream(orderStreamName(order.id));
    expect(events.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPaid']);
  });

  it("given a UPI order, when the admin refunds it, then Razorpay's payment is refunded over REST with its idempotency header", async () => {
    const guest = browser(app);
    await addPrints(guest);
    const created = createOrderResponseSchema.parse(
      (await guest.call('POST', '/api/payment/create-order', startBody('INR'))).body,
    );
    const paymentId = razorpay.pay(created.orderId);
    const verified = await guest.call('POST', '/api/payment/verify-payment', {
      razorpay_order_id: created.orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: createHmac('sha256', env.RAZORPAY_KEY_SECRET!)
        .update(`${created.orderId}|${paymentId}`)
        .digest('hex'),
    });
    const order = orderResponseSchema.parse(verified.body).order;
    expect((await refund(order, Number(verified.headers.get('x-event-position')))).status).toBe(200);

    const asked = razorpay.received.filter((r) => r.path === `/v1/payments/${paymentId}/refund`);
    expect(asked).toHaveLength(1);
    const amount = toMinor(created.amount, 'INR');
    expect(JSON.parse(asked[0]!.body)).toMatchObject({ amount });
    expect(asked[0]!.headers['x-refund-idempotency']).toBe(`refund-${order.id}-0-${amount}`);
    expect(razorpay.refunds).toContainEqual(expect.objectContaining({ payment_id: paymentId, amount }));
  });
});

describe('a provider that cannot be reached', () => {
  it('given Stripe is down, when an intent is asked for, then 503 with a sentence', async () => {
    await stripe.close();
    const guest = browser(app);
    await addPrints(guest);
    expectError(
      await guest.call('POST', '/api/stripe/create-payment-intent', startBody()),
      503,
      'The payment provider cannot be reached right now. Please try again in a moment.',
    );
  });
});
