// Checkout and card payments over HTTP in test mode (no Stripe keys): checkout start and its
// errors, create-payment-intent, confirm-payment with Stripe's test cards, the signed webhook,
// orders for their owner and for a guest by e-mail, and one order per payment under a race of
// duplicate webhooks and client confirmations.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartResponseSchema } from '@printshop/shared-events/api/cart';
import {
  checkoutStartResponseSchema,
  createPaymentIntentResponseSchema,
  orderResponseSchema,
  ordersResponseSchema,
} from '@printshop/shared-events/api/orders';
import { loyaltyStatusResponseSchema } from '@printshop/shared-events/api/loyalty';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import { cartStreamName } from '@printshop/shared-events/events/cart';
import { loyaltyStreamName } from '@printshop/shared-events/events/loyalty';
import { orderStreamName, type OrderPlacedData } from '@printshop/shared-events/events/order';
import { paymentStreamName } from '@printshop/shared-events/events/payment';
import { toMinor } from '@printshop/shared-events/rules/money';
import { ORDER_NUMBER_PATTERN } from '@printshop/command-service/order/order-number';
import { orderIdOf } from '@printshop/command-service/order/derived-ids';
import { checkoutsProjection } from '@printshop/projections/checkouts/checkouts-projection';
import { loyaltyProjection } from '@printshop/projections/loyalty/loyalty-projection';
import { ordersProjection } from '@printshop/projections/orders/orders-projection';
import { verifyProjection } from '@printshop/projections/runner/verify';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { browser, pngBytes, type Browser } from '../cart/support';
import {
  ADDRESS,
  addPrints,
  CARD_DECLINED,
  CARD_OK,
  eventLog,
  expectError,
  postWebhook,
  signedStripeEvent,
  stripeWebhookSecret,
} from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ label: 'stripe_checkout' });
});
afterAll(async () => {
  await app?.stop();
});

const startBody = (email: string) => ({ email, shippingAddress: ADDRESS, currency: 'USD', country: 'US' });

async function createIntent(b: Browser, body: Record<string, unknown>) {
  const answer = await b.call('POST', '/api/stripe/create-payment-intent', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(Number(answer.headers.get('x-event-position'))).toBeGreaterThan(0);
  return {
    ...createPaymentIntentResponseSchema.parse(answer.body),
    checkoutId: answer.body.checkoutId as string,
  };
}

async function confirm(b: Browser, paymentIntentId: string, testCard?: string) {
  return b.call('POST', '/api/stripe/confirm-payment', { paymentIntentId, ...(testCard && { testCard }) });
}

async function paidOrder(b: Browser, paymentIntentId: string) {
  const answer = await confirm(b, paymentIntentId, CARD_OK);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return orderResponseSchema.parse(answer.body).order;
}

const eventsOf = async (stream: string): Promise<RecordedEvent[]> => eventLog(app).readStream(stream);
const count = (events: RecordedEvent[], type: string) => events.filter((e) => e.type === type).length;

/** The PaymentIntent object Stripe would send for this intent. */
const intentObject = (
  intent: { paymentIntentId: string; amount: number; checkoutId: string },
  status: string,
) => ({
  id: intent.paymentIntentId,
  amount: toMinor(intent.amount, 'USD'),
  currency: 'usd',
  status,
  metadata: { checkoutId: intent.checkoutId },
});

describe('starting a checkout', () => {
  it('given an empty cart, when checkout starts, then it is refused', async () => {
    const guest = browser(app);
    expectError(
      await guest.call('POST', '/api/checkout/start', { currency: 'USD', country: 'US' }),
      422,
      'Your cart is empty.',
    );
  });

  it('given bad fields, when checkout starts, then each field says what is wrong', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const missing = expectError(
      await guest.call('POST', '/api/checkout/start', { country: 'US' }),
      400,
      /not valid/,
    );
    expect(missing.errors).toHaveProperty('currency');
    const badAddress = expectError(
      await guest.call('POST', '/api/checkout/start', {
        email: 'not-an-email',
        shippingAddress: { ...ADDRESS, postalCode: 'ABC' },
        currency: 'XXX',
        country: 'US',
      }),
      400,
      /not valid/,
    );
    expect(badAddress.errors).toMatchObject({
      'shippingAddress.postalCode': 'Please enter a valid ZIP Code',
    });
    expect(badAddress.errors).toHaveProperty('email');
    expect(badAddress.errors).toHaveProperty('currency');
  });

  it('given a cart, when checkout starts in EUR, then it records the cart as priced by the server', async () => {
    const guest = browser(app);
    const { croppedImageId } = await addPrints(guest, 'POSTERA4', 3);
    const cart = cartResponseSchema.parse(
      (await guest.call('GET', '/api/cart?currency=EUR&country=DE')).body,
    );

    const answer = await guest.call('POST', '/api/checkout/start', {
      email: 'early@example.com',
      currency: 'EUR',
      country: 'DE',
    });

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const started = checkoutStartResponseSchema.parse(answer.body);
    expect(started).toMatchObject({ amount: cart.grandTotal, currency: 'EUR' });
    const [event] = await eventsOf(`checkout-${started.checkoutId}`);
    expect(event!.type).toBe('CheckoutStarted');
    expect(event!.data).toMatchObject({
      email: 'early@example.com',
      cartId: cart.cartId,
      lines: [
        {
          sku: 'POSTERA4',
          quantity: 3,
          croppedImageId,
          unitPrice: toMinor(cart.items[0]!.pricePerUnit, 'EUR'),
        },
      ],
      amounts: { currency: 'EUR', total: toMinor(cart.grandTotal, 'EUR'), rate: 0.92 },
    });
    expect((event!.data as { shippingAddress?: unknown }).shippingAddress).toBeUndefined();
  });
  it('given a print uploaded with its crop, when checkout starts, then the line carries the print recipe', async () => {
    const customer = browser(app);
    const { email } = await customer.register();
    const form = new FormData();
    form.append('rawImage', new Blob([await pngBytes(0x123456)], { type: 'image/png' }), 'photo.png');
    form.append(
      'croppedImage',
      new Blob([await pngBytes(0x654321)], { type: 'image/png' }),
      'cropped_photo.png',
    );
    form.append('crop', JSON.stringify({ x: 4, y: 2, width: 40, height: 30 }));
    form.append('sku', 'POSTERA4');
    const uploaded = await fetch(`${app.url}/api/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { rawImage, croppedImage, print } = (await uploaded.json()) as {
      rawImage: { id: string };
      croppedImage: { id: string };
      print: { quality: string };
    };
    const added = await customer.call('POST', '/api/cart/item', {
      sku: 'POSTERA4',
      quantity: 1,
      rawImageId: rawImage.id,
      croppedImageId: croppedImage.id,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);

    // Signed in and no e-mail given: the account's e-mail is the checkout's.
    const started = await customer.call('POST', '/api/checkout/start', { currency: 'USD', country: 'US' });

    const [event] = await eventsOf(`checkout-${started.body.checkoutId}`);
    expect(event!.data).toMatchObject({
      email,
      lines: [
        {
          sku: 'POSTERA4',
          rawImageId: rawImage.id,
          croppedImageId: croppedImage.id,
          crop: { x: 4, y: 2, width: 40, height: 30 },
          printQuality: print.quality,
        },
      ],
    });
  });
});

describe('paying by card', () => {
  it('given a signed-in cart, when it pays with 4242, then the order is paid, the cart empty, the order visible and points earned', async () => {
    const customer = browser(app);
    const { email, userId } = await customer.register();
    const { croppedImageId } = await addPrints(customer, 'POSTERA4', 10);

    const intent = await createIntent(customer, startBody(email));
    expect(intent).toMatchObject({ currency: 'USD', testMode: true });
    expect(intent.clientSecret).toContain(`${intent.paymentIntentId}_secret_`);
    const order = await paidOrder(customer, intent.paymentIntentId);

    expect(order).toMatchObject({
      orderNumber: expect.stringMatching(ORDER_NUMBER_PATTERN),
      status: 'paid',
      email,
      total: intent.amount,
      currency: 'USD',
      payment: { provider: 'stripe', status: 'paid' },
      items: [{ sku: 'POSTERA4', quantity: 10, imageUrl: `/images/${croppedImageId}` }],
      shippingAddress: { line1: ADDRESS.line1, country: 'US' },
      timeline: [{ status: 'paid' }],
    });
    const cart = cartResponseSchema.parse((await customer.call('GET', '/api/cart')).body);
    expect(cart.items).toEqual([]);
    const mine = ordersResponseSchema.parse((await customer.call('GET', '/api/orders')).body);
    expect(mine.orders.map((o) => o.id)).toEqual([order.id]);
    const one = await customer.call('GET', `/api/orders/${order.id}`);
    expect(orderResponseSchema.parse(one.body).order).toEqual(order);
    const tracked = await browser(app).call(
      'GET',
      `/api/orders/track?orderNumber=${order.orderNumber}&email=${encodeURIComponent(email.toUpperCase())}`,
    );
    expect(orderResponseSchema.parse(tracked.body).order.id).toBe(order.id);
    const loyalty = loyaltyStatusResponseSchema.parse(
      (await customer.call('GET', '/api/loyalty/status')).body,
    );
    // 10 A4 posters: 17.80 - 11.24% = 15.80 USD -> 15 points
    expect(loyalty).toMatchObject({ balance: 15, valuePerPoint: 0.01, earnRate: 1 });
    expect(loyalty.history).toEqual([
      {
        type: 'earned',
        points: 15,
        at: expect.any(String),
        orderNumber: order.orderNumber,
        reason: 'order_paid',
      },
    ]);
    const [placed] = await eventsOf(orderStreamName(order.id));
    const data = placed!.data as OrderPlacedData;
    expect(data).toMatchObject({
      userId,
      cartId: `u-${userId}`,
      payment: { provider: 'stripe', paymentId: intent.paymentIntentId, testMode: true },
    });
    expect(data.lines[0]).toMatchObject({ sku: 'POSTERA4', quantity: 10, croppedImageId, unitPriceUsd: 178 });
  });

  it('given a checkout, when its intent is asked for twice, then it is the same intent', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const first = await createIntent(guest, startBody('twice@example.com'));
    const second = await createIntent(guest, { checkoutId: first.checkoutId });
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    expect(second.amount).toBe(first.amount);
  });

  it("given a declined card, when it pays, then Stripe's message comes back, no order exists and the cart stays", async () => {
    const guest = browser(app);
    await addPrints(guest);
    const intent = await createIntent(guest, startBody('declined@example.com'));

    const answer = await confirm(guest, intent.paymentIntentId, CARD_DECLINED);

    expectError(answer, 402, 'Your card was declined.');
    expect(answer.body.code).toBe('PAYMENT_DECLINED');
    expect(await eventsOf(orderStreamName(orderIdOf('stripe', intent.paymentIntentId)))).toEqual([]);
    const payment = await eventsOf(paymentStreamName(`stripe_${intent.paymentIntentId}`));
    expect(payment.map((e) => e.type)).toEqual(['PaymentRequested', 'PaymentFailed']);
    expect(cartResponseSchema.parse((await guest.call('GET', '/api/cart')).body).items).toHaveLength(1);

    // The customer tries another card on the same intent.
    const order = await paidOrder(guest, intent.paymentIntentId);
    expect(order.status).toBe('paid');
  });

  it('given an intent nobody paid, when it is confirmed without a card, then it is not completed', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const intent = await createIntent(guest, startBody('unpaid@example.com'));
    expectError(
      await confirm(guest, intent.paymentIntentId),
      402,
      'Your payment was not completed. Please try again.',
    );
  });

  it('given bad requests, when paying, then each is refused', async () => {
    const guest = browser(app);
    expectError(await confirm(guest, 'pi_does_not_exist', CARD_OK), 404, 'Payment not found');
    const noCard = expectError(
      await guest.call('POST', '/api/stripe/confirm-payment', { paymentIntentId: 'pi_x', testCard: '42' }),
      400,
      /not valid/,
    );
    expect(noCard.errors).toEqual({ testCard: 'Invalid test card number' });
    const missing = expectError(
      await guest.call('POST', '/api/stripe/create-payment-intent', { currency: 'USD' }),
      400,
      /not valid/,
    );
    expect(missing.errors).toMatchObject({
      email: 'Email is required',
      shippingAddress: 'Shipping address is required',
      country: 'Country is required',
    });
    expectError(
      await guest.call('POST', '/api/stripe/create-payment-intent', { checkoutId: randomUUID() }),
      404,
      'Checkout not found',
    );
    expectError(
      await guest.call('POST', '/api/stripe/create-payment-intent', startBody('empty@example.com')),
      422,
      'Your cart is empty.',
    );
  });

  it('given a checkout started without e-mail and address, when it is paid by id, then both are asked for', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const started = await guest.call('POST', '/api/checkout/start', { currency: 'USD', country: 'US' });
    const answer = expectError(
      await guest.call('POST', '/api/stripe/create-payment-intent', { checkoutId: started.body.checkoutId }),
      400,
      /not valid/,
    );
    expect(answer.errors).toEqual({
      email: 'Email is required',
      shippingAddress: 'Shipping address is required',
    });
  });

  it("given another browser's checkout, when it is paid from here, then it is not found", async () => {
    const owner = browser(app);
    await addPrints(owner);
    const { checkoutId } = await createIntent(owner, startBody('owner@example.com'));
    expectError(
      await browser(app).call('POST', '/api/stripe/create-payment-intent', { checkoutId }),
      404,
      'Checkout not found',
    );
  });

  it('given a paid checkout, when it is paid again, then that is refused', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const intent = await createIntent(guest, startBody('again@example.com'));
    await paidOrder(guest, intent.paymentIntentId);
    expectError(
      await guest.call('POST', '/api/stripe/create-payment-intent', { checkoutId: intent.checkoutId }),
      409,
      'This checkout has already been paid.',
    );
  });
});

describe('a guest order', () => {
  it('is readable with its e-mail only, and tracked by number and e-mail', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const order = await paidOrder(
      guest,
      (await createIntent(guest, startBody('Guest.Buyer@example.com'))).paymentIntentId,
    );
    const stranger = browser(app);
    const other = browser(app);
    await other.register();

    const read = (b: Browser, query: string) => b.call('GET', `/api/orders/${order.id}${query}`);
    // The buyer reads first (it waits for its own write), so the others read a model that has the order.
    expect((await read(guest, '?email=guest.buyer@example.com')).status).toBe(200);
    expect((await read(stranger, '?email=guest.buyer@EXAMPLE.com')).status).toBe(200);
    expectError(await read(stranger, '?email=someone.else@example.com'), 404, 'Order not found');
    expectError(await read(stranger, ''), 404, 'Order not found');
    expectError(await read(other, ''), 404, 'Order not found');
    expectError(
      await stranger.call('GET', '/api/orders/no-such-order?email=guest.buyer@example.com'),
      404,
      'Order not found',
    );
    expect(ordersResponseSchema.parse((await other.call('GET', '/api/orders')).body).orders).toEqual([]);
    expectError(await stranger.call('GET', '/api/orders'), 401, /sign in/);

    const track = (query: string) => stranger.call('GET', `/api/orders/track?${query}`);
    expect(
      orderResponseSchema.parse(
        (await track(`orderNumber=${order.orderNumber}&email=guest.buyer@example.com`)).body,
      ).order.id,
    ).toBe(order.id);
    expectError(
      await track(`orderNumber=${order.orderNumber}&email=other@example.com`),
      404,
      'Order not found',
    );
    const missing = expectError(await track('email=guest.buyer@example.com'), 400, /not valid/);
    expect(missing.errors).toEqual({ orderNumber: 'Order number is required' });
  });

  it("given a user's order, when a guest asks with its e-mail, then it is not found (users read theirs signed in)", async () => {
    const customer = browser(app);
    const { email } = await customer.register();
    await addPrints(customer);
    const order = await paidOrder(customer, (await createIntent(customer, startBody(email))).paymentIntentId);
    expect((await customer.call('GET', `/api/orders/${order.id}`)).status).toBe(200);
    expectError(
      await browser(app).call('GET', `/api/orders/${order.id}?email=${encodeURIComponent(email)}`),
      404,
      'Order not found',
    );
  });
});

describe('the Stripe webhook', () => {
  it('given a bad or missing signature, when an event arrives, then it is refused with 400', async () => {
    const { payload } = signedStripeEvent(stripeWebhookSecret(app), 'payment_intent.succeeded', {
      id: 'pi_x',
    });
    const forged = signedStripeEvent('whsec_not_the_secret', 'payment_intent.succeeded', { id: 'pi_x' });
    const bad = await postWebhook(app, payload, forged.signature);
    expectError(bad, 400, 'The webhook signature does not verify.');
    expect(bad.body.code).toBe('INVALID_SIGNATURE');
    expectError(await postWebhook(app, payload), 400, 'The webhook signature does not verify.');
    const signed = signedStripeEvent(stripeWebhookSecret(app), 'payment_intent.succeeded', { id: 'pi_x' });
    expectError(
      await postWebhook(app, signed.payload.replace('pi_x', 'pi_y'), signed.signature),
      400,
      /signature/,
    );
  });

  it('given a paid intent, when only the webhook confirms it, then the order is placed and the cart emptied', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const intent = await createIntent(guest, startBody('webhook.only@example.com'));
    const { payload, signature } = signedStripeEvent(
      stripeWebhookSecret(app),
      'payment_intent.succeeded',
      intentObject(intent, 'succeeded'),
    );

    const answer = await postWebhook(app, payload, signature);

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const orderId = orderIdOf('stripe', intent.paymentIntentId);
    expect((await eventsOf(orderStreamName(orderId))).map((e) => e.type)).toEqual([
      'OrderPlaced',
      'OrderPaid',
    ]);
    // The browser did not see the webhook's write: it asks for at least that position.
    const order = await fetch(`${app.url}/api/orders/${orderId}?email=webhook.only@example.com`, {
      headers: { 'x-min-position': answer.headers.get('x-event-position')! },
    });
    expect(orderResponseSchema.parse(await order.json()).order.status).toBe('paid');
    const [placed] = await eventsOf(orderStreamName(orderId));
    const { cartId } = placed!.data as OrderPlacedData;
    expect(count(await eventsOf(cartStreamName(cartId)), 'CartEmptied')).toBe(1);
  });

  it('given a failed payment, when its webhook arrives twice, then one failure is recorded and no order', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const intent = await createIntent(guest, startBody('webhook.failed@example.com'));
    const event = signedStripeEvent(stripeWebhookSecret(app), 'payment_intent.payment_failed', {
      ...intentObject(intent, 'requires_payment_method'),
      last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
    });

    expect((await postWebhook(app, event.payload, event.signature)).status).toBe(200);
    expect((await postWebhook(app, event.payload, event.signature)).status).toBe(200);

    const payment = await eventsOf(paymentStreamName(`stripe_${intent.paymentIntentId}`));
    expect(payment.map((e) => e.type)).toEqual(['PaymentRequested', 'PaymentFailed']);
    expect(payment[1]!.data).toMatchObject({ message: 'Your card was declined.', code: 'card_declined' });
    expect(await eventsOf(orderStreamName(orderIdOf('stripe', intent.paymentIntentId)))).toEqual([]);
  });

  it('given an event for an intent of someone else, when it arrives, then it is acknowledged and ignored', async () => {
    const { payload, signature } = signedStripeEvent(stripeWebhookSecret(app), 'payment_intent.succeeded', {
      id: 'pi_not_ours',
      amount: 500,
      currency: 'usd',
      status: 'succeeded',
      metadata: {},
    });
    expect((await postWebhook(app, payload, signature)).status).toBe(200);
    expect(await eventsOf(orderStreamName(orderIdOf('stripe', 'pi_not_ours')))).toEqual([]);
  });
});

describe('one payment, one order', () => {
  it('given a paid intent, when 10 duplicate webhooks race 2 client confirmations, then 1 order, 1 OrderPaid, 1 loyalty award', async () => {
    const customer = browser(app);
    const { email, userId } = await customer.register();
    await addPrints(customer, 'POSTERA3', 12);
    const intent = await createIntent(customer, startBody(email));
    const secret = stripeWebhookSecret(app);
    const webhook = signedStripeEvent(
      secret,
      'payment_intent.succeeded',
      intentObject(intent, 'succeeded'),
      'evt_race',
    );

    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => postWebhook(app, webhook.payload, webhook.signature)),
      confirm(customer, intent.paymentIntentId, CARD_OK),
      confirm(customer, intent.paymentIntentId, CARD_OK),
    ]);

    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const orderId = orderIdOf('stripe', intent.paymentIntentId);
    const confirmed = answers.slice(10).map((a) => orderResponseSchema.parse(a.body).order);
    expect(confirmed.map((o) => o.id)).toEqual([orderId, orderId]);
    expect(confirmed[0]!.orderNumber).toBe(confirmed[1]!.orderNumber);
    const log = eventLog(app);
    const placements = await log.readAll({ filter: { eventTypes: ['OrderPlaced'] }, maxCount: 10_000 });
    expect(
      placements.events.filter((e) => (e.data as OrderPlacedData).checkoutId === intent.checkoutId),
    ).toHaveLength(1);
    const orderEvents = await eventsOf(orderStreamName(orderId));
    expect(count(orderEvents, 'OrderPlaced')).toBe(1);
    expect(count(orderEvents, 'OrderPaid')).toBe(1);
    expect(count(await eventsOf(loyaltyStreamName(userId)), 'PointsEarned')).toBe(1);
    expect(count(await eventsOf(cartStreamName(`u-${userId}`)), 'CartEmptied')).toBe(1);
    const mine = ordersResponseSchema.parse((await customer.call('GET', '/api/orders')).body);
    expect(mine.orders.map((o) => o.id)).toEqual([orderId]);
  });
});

describe('the read models', () => {
  it('given everything above, when orders, checkouts and loyalty are rebuilt from the log, then the rows are the same', async () => {
    for (const projection of [ordersProjection, checkoutsProjection, loyaltyProjection]) {
      const result = await verifyProjection({ db: app.db, store: eventLog(app), projection });
      expect(result.position).toBeGreaterThan(0);
      expect(result.differences, projection.name).toEqual([]);
    }
  });
});
