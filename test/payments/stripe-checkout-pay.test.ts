// Checkout and card payments over HTTP in test mode (no Stripe keys): checkout start and its
// errors, create-payment-intent, and confirm-payment with Stripe's test cards.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cartResponseSchema } from '@printshop/shared-events/api/cart';
import {
  checkoutStartResponseSchema,
  orderResponseSchema,
  ordersResponseSchema,
} from '@printshop/shared-events/api/orders';
import { loyaltyStatusResponseSchema } from '@printshop/shared-events/api/loyalty';
import { orderStreamName, type OrderPlacedData } from '@printshop/shared-events/events/order';
import { paymentStreamName } from '@printshop/shared-events/events/payment';
import { toMinor } from '@printshop/shared-events/rules/money';
import { ORDER_NUMBER_PATTERN } from '@printshop/command-service/order/order-number';
import { orderIdOf } from '@printshop/command-service/order/derived-ids';
import type { TestApp } from '@printshop/test/support/app';
import { appPerFile } from '@printshop/test/support/app-per-file';
import { browser, pngBytes } from '../cart/support';
import { TEST_REFUNDS_TABLE } from '@printshop/infra/payments/test-mode-payments';
import {
  ADDRESS,
  addPrints,
  CARD_DECLINED,
  CARD_OK,
  expectError,
  postWebhook,
  signedStripeEvent,
  stripeWebhookSecret,
} from './support';
import {
  confirm,
  createIntent,
  eventsOf,
  expectRebuiltReadModelsSame,
  intentObject,
  paidOrder,
  startBody,
} from './stripe-checkout-support';

let app: TestApp;
appPerFile({ label: 'stripe_checkout_pay' }, (started) => (app = started));

const refundsOf = async (paymentIntentId: string) =>
  (await app.db(TEST_REFUNDS_TABLE).where({ payment_id: paymentIntentId }).select('amount')).map((row) =>
    Number(row.amount),
  );

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

  it('given a full name and city with no letter (emoji), when checkout starts, then each is refused on its field', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const refused = expectError(
      await guest.call('POST', '/api/checkout/start', {
        email: 'emoji@example.com',
        shippingAddress: { ...ADDRESS, fullName: '😀😀😀', city: '🏙️' },
        currency: 'USD',
        country: 'US',
      }),
      400,
      /not valid/,
    );
    expect(refused.errors).toEqual({
      'shippingAddress.fullName': 'Full name must contain at least one letter',
      'shippingAddress.city': 'City must contain at least one letter',
    });
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
    const [event] = await eventsOf(app, `checkout-${started.checkoutId}`);
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

    const [event] = await eventsOf(app, `checkout-${started.body.checkoutId}`);
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
    const [placed] = await eventsOf(app, orderStreamName(order.id));
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
    expect(await eventsOf(app, orderStreamName(orderIdOf('stripe', intent.paymentIntentId)))).toEqual([]);
    const payment = await eventsOf(app, paymentStreamName(`stripe_${intent.paymentIntentId}`));
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

  it('given one cart checked out in two tabs, when the first is paid, then the second is refused before any money moves', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const first = await createIntent(guest, startBody('two-tabs@example.com'));
    const secondTab = await guest.call('POST', '/api/checkout/start', startBody('two-tabs@example.com'));
    const order = await paidOrder(guest, first.paymentIntentId);

    const message = `These items were already ordered in another tab or window (order ${order.orderNumber}). Please review your cart before paying again.`;
    for (const path of ['/api/stripe/create-payment-intent', '/api/payment/create-order'])
      expectError(await guest.call('POST', path, { checkoutId: secondTab.body.checkoutId }), 409, message);
    // The first tab's checkout, asked again, is paid: it says so, not that another tab ordered it.
    expectError(
      await guest.call('POST', '/api/stripe/create-payment-intent', { checkoutId: first.checkoutId }),
      409,
      'This checkout has already been paid.',
    );
  });

  it('given one cart with a payment open in each of two tabs, when both are paid at once, then one order is made and the other payment is refunded in full', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const tabs = [
      await createIntent(guest, startBody('both-tabs@example.com')),
      await createIntent(guest, startBody('both-tabs@example.com')),
    ];

    const answers = await Promise.all(tabs.map((tab) => confirm(guest, tab.paymentIntentId, CARD_OK)));

    const paid = answers.findIndex((answer) => answer.status === 200);
    const loser = tabs[1 - paid]!;
    const order = orderResponseSchema.parse(answers[paid]!.body).order;
    expectError(
      answers[1 - paid]!,
      409,
      `These items were already ordered in another tab or window (order ${order.orderNumber}). This payment has been refunded in full.`,
    );
    expect(await refundsOf(loser.paymentIntentId)).toEqual([toMinor(loser.amount, 'USD')]);
    expect(await refundsOf(tabs[paid]!.paymentIntentId)).toEqual([]);
    expect(
      (await eventsOf(app, paymentStreamName(`stripe_${loser.paymentIntentId}`))).map((e) => e.type),
    ).toEqual(['PaymentRequested', 'PaymentRefunded']);

    // Confirmed again, or told by Stripe's webhook: still refunded once, still no order.
    expectError(await confirm(guest, loser.paymentIntentId), 409, /This payment has been refunded in full/);
    const { payload, signature } = signedStripeEvent(
      stripeWebhookSecret(app),
      'payment_intent.succeeded',
      intentObject(loser, 'succeeded'),
    );
    expect((await postWebhook(app, payload, signature)).status).toBe(200);
    expect(await refundsOf(loser.paymentIntentId)).toHaveLength(1);
    expect(await eventsOf(app, orderStreamName(orderIdOf('stripe', loser.paymentIntentId)))).toEqual([]);
  });

  it('given a line grown while its payment was open, when a checkout of what is left starts after the order, then it can be paid', async () => {
    const guest = browser(app);
    await addPrints(guest, 'POSTERA4', 1);
    const first = await createIntent(guest, startBody('grown@example.com'));
    const [line] = cartResponseSchema.parse((await guest.call('GET', '/api/cart')).body).items;
    await guest.call('PUT', `/api/cart/item/${line!.id}`, { quantity: 3 });
    await paidOrder(guest, first.paymentIntentId);

    const second = await createIntent(guest, startBody('grown@example.com'));
    const order = await paidOrder(guest, second.paymentIntentId);
    expect(order.items).toMatchObject([{ quantity: 2 }]);
  });
});

describe('the read models', () => {
  it('given everything above, when orders, checkouts and loyalty are rebuilt from the log, then the rows are the same', async () => {
    await expectRebuiltReadModelsSame(app);
  });
});
