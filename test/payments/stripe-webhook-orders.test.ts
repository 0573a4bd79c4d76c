// Orders after a card payment in test mode (no Stripe keys): orders for a guest by e-mail, the
// signed webhook, and one order per payment under a race of duplicate webhooks and client
// confirmations.
import { describe, expect, it } from 'vitest';
import { orderResponseSchema, ordersResponseSchema } from '@printshop/shared-events/api/orders';
import { cartStreamName } from '@printshop/shared-events/events/cart';
import { loyaltyStreamName } from '@printshop/shared-events/events/loyalty';
import { orderStreamName, type OrderPlacedData } from '@printshop/shared-events/events/order';
import { paymentStreamName } from '@printshop/shared-events/events/payment';
import { orderIdOf } from '@printshop/command-service/order/derived-ids';
import type { TestApp } from '@printshop/test/support/app';
import { appPerFile } from '@printshop/test/support/app-per-file';
import { browser, type Browser } from '../cart/support';
import {
  addPrints,
  CARD_OK,
  eventLog,
  expectError,
  postWebhook,
  signedStripeEvent,
  stripeWebhookSecret,
} from './support';
import {
  confirm,
  count,
  createIntent,
  eventsOf,
  expectRebuiltReadModelsSame,
  intentObject,
  paidOrder,
  startBody,
} from './stripe-checkout-support';

let app: TestApp;
appPerFile({ label: 'stripe_checkout_orders' }, (started) => (app = started));

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
    expect((await eventsOf(app, orderStreamName(orderId))).map((e) => e.type)).toEqual([
      'OrderPlaced',
      'OrderPaid',
    ]);
    // The browser did not see the webhook's write: it asks for at least that position.
    const order = await fetch(`${app.url}/api/orders/${orderId}?email=webhook.only@example.com`, {
      headers: { 'x-min-position': answer.headers.get('x-event-position')! },
    });
    expect(orderResponseSchema.parse(await order.json()).order.status).toBe('paid');
    const [placed] = await eventsOf(app, orderStreamName(orderId));
    const { cartId } = placed!.data as OrderPlacedData;
    expect(count(await eventsOf(app, cartStreamName(cartId)), 'CartEmptied')).toBe(1);
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

    const payment = await eventsOf(app, paymentStreamName(`stripe_${intent.paymentIntentId}`));
    expect(payment.map((e) => e.type)).toEqual(['PaymentRequested', 'PaymentFailed']);
    expect(payment[1]!.data).toMatchObject({ message: 'Your card was declined.', code: 'card_declined' });
    expect(await eventsOf(app, orderStreamName(orderIdOf('stripe', intent.paymentIntentId)))).toEqual([]);
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
    expect(await eventsOf(app, orderStreamName(orderIdOf('stripe', 'pi_not_ours')))).toEqual([]);
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
    const orderEvents = await eventsOf(app, orderStreamName(orderId));
    expect(count(orderEvents, 'OrderPlaced')).toBe(1);
    expect(count(orderEvents, 'OrderPaid')).toBe(1);
    expect(count(await eventsOf(app, loyaltyStreamName(userId)), 'PointsEarned')).toBe(1);
    expect(count(await eventsOf(app, cartStreamName(`u-${userId}`)), 'CartEmptied')).toBe(1);
    const mine = ordersResponseSchema.parse((await customer.call('GET', '/api/orders')).body);
    expect(mine.orders.map((o) => o.id)).toEqual([orderId]);
  });
});

describe('the read models', () => {
  it('given everything above, when orders, checkouts and loyalty are rebuilt from the log, then the rows are the same', async () => {
    await expectRebuiltReadModelsSame(app);
  });
});
