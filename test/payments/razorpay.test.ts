// UPI / net banking (Razorpay's flow) over HTTP in test mode: create-order, the test checkout that
// stands in for Razorpay's popup, verify-payment with good and bad signatures (HMAC-SHA256 of
// `order_id|payment_id` with the key secret, computed here independently), and one order per
// payment however often it is verified.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartResponseSchema } from '@printshop/shared-events/api/cart';
import { createOrderResponseSchema, orderResponseSchema } from '@printshop/shared-events/api/orders';
import { orderStreamName } from '@printshop/shared-events/events/order';
import { orderIdOf } from '@printshop/command-service/order/derived-ids';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { browser, type Browser } from '../cart/support';
import { CHECKOUTS_PROJECTION, PAYMENT_REQUESTS_TABLE } from '@printshop/shared-events/checkouts-read-model';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { toMinor } from '@printshop/shared-events/rules/money';
import {
  RAZORPAY_TEST_PAYMENTS_TABLE,
  TEST_REFUNDS_TABLE,
} from '@printshop/infra/payments/test-mode-payments';
import { ADDRESS, addPrints, CARD_OK, eventLog, expectError, razorpayKeySecret } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ label: 'razorpay_api' });
});
afterAll(async () => {
  await app?.stop();
});

const BAD_SIGNATURE = 'Payment verification failed: the signature does not match.';
const sign = (orderId: string, paymentId: string) =>
  createHmac('sha256', razorpayKeySecret(app)).update(`${orderId}|${paymentId}`).digest('hex');

async function createOrder(b: Browser, email = 'upi@example.com') {
  const answer = await b.call('POST', '/api/payment/create-order', {
    email,
    shippingAddress: ADDRESS,
    currency: 'INR',
    country: 'US',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return createOrderResponseSchema.parse(answer.body);
}

async function payAtRazorpay(b: Browser, orderId: string, outcome: 'success' | 'failure' = 'success') {
  return b.call('POST', '/api/payment/test/pay', { razorpay_order_id: orderId, outcome });
}

describe('paying by UPI', () => {
  it('given a cart, when the Razorpay order is paid and verified, then the order is paid and the cart empty', async () => {
    const guest = browser(app);
    await addPrints(guest, 'POSTERA3', 2);
    const cart = cartResponseSchema.parse((await guest.call('GET', '/api/cart?currency=INR')).body);

    const created = await createOrder(guest);
    expect(created).toMatchObject({
      amount: cart.grandTotal,
      currency: 'INR',
      keyId: 'rzp_test_printshop_local',
      testMode: true,
    });
    const paid = await payAtRazorpay(guest, created.orderId);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // Razorpay's rule, computed here with the key secret: the test checkout signs as Razorpay does.
    expect(paid.body.razorpay_signature).toBe(sign(created.orderId, paid.body.razorpay_payment_id));
    const verified = await guest.call('POST', '/api/payment/verify-payment', {
      razorpay_order_id: paid.body.razorpay_order_id,
      razorpay_payment_id: paid.body.razorpay_payment_id,
      razorpay_signature: paid.body.razorpay_signature,
    });

    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const order = orderResponseSchema.parse(verified.body).order;
    expect(order).toMatchObject({
      status: 'paid',
      total: cart.grandTotal,
      payment: { provider: 'razorpay', status: 'paid' },
    });
    expect(order.id).toBe(orderIdOf('razorpay', created.orderId));
    expect(cartResponseSchema.parse((await guest.call('GET', '/api/cart')).body).items).toEqual([]);

    // Verified again (a retry, or the browser's and a second tab's): the same order.
    const again = await guest.call('POST', '/api/payment/verify-payment', paid.body);
    expect(orderResponseSchema.parse(again.body).order.orderNumber).toBe(order.orderNumber);
    expect((await eventLog(app).readStream(orderStreamName(order.id))).map((e) => e.type)).toEqual([
      'OrderPlaced',
      'OrderPaid',
    ]);
  });

  it('given a UPI order paid and verified, when the same Razorpay order is paid again, then it is refused as Razorpay does and nothing more is captured', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const created = await createOrder(guest, 'pay-twice@example.com');
    const paid = await payAtRazorpay(guest, created.orderId);
    const verified = await guest.call('POST', '/api/payment/verify-payment', paid.body);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    const again = await payAtRazorpay(guest, created.orderId);

    expectError(again, 409, 'This checkout has already been paid.');
    expect(again.body.code).toBe('CONFLICT');
    const payments = await app.db(RAZORPAY_TEST_PAYMENTS_TABLE).where({ order_id: created.orderId });
    expect(payments.map((payment: { id: string; status: string }) => [payment.id, payment.status])).toEqual([
      [paid.body.razorpay_payment_id, 'captured'],
    ]);
    // A failed attempt is no payment request either: Razorpay takes none on a paid order.
    expectError(
      await payAtRazorpay(guest, created.orderId, 'failure'),
      409,
      'This checkout has already been paid.',
    );
    expect(await app.db(RAZORPAY_TEST_PAYMENTS_TABLE).where({ order_id: created.orderId })).toHaveLength(1);
  });

  it('given a payment, when its signature is wrong or belongs to another payment, then verification fails and no order exists', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const created = await createOrder(guest);
    const paid = (await payAtRazorpay(guest, created.orderId)).body;
    const verify = (body: Record<string, string>) => guest.call('POST', '/api/payment/verify-payment', body);

    const forged = await verify({ ...paid, razorpay_signature: 'f'.repeat(64) });
    expectError(forged, 400, BAD_SIGNATURE);
    expect(forged.body.code).toBe('INVALID_SIGNATURE');
    expectError(await verify({ ...paid, razorpay_payment_id: 'pay_someoneelse' }), 400, BAD_SIGNATURE);
    expectError(await verify({ ...paid, razorpay_signature: 'short' }), 400, BAD_SIGNATURE);
    const wrongKey = createHmac('sha256', 'another-secret')
      .update(`${created.orderId}|${paid.razorpay_payment_id}`)
      .digest('hex');
    expectError(await verify({ ...paid, razorpay_signature: wrongKey }), 400, BAD_SIGNATURE);
    expect(await eventLog(app).readStream(orderStreamName(orderIdOf('razorpay', created.orderId)))).toEqual(
      [],
    );
  });

  it('given missing fields or an order the shop never made, when verifying, then it is refused', async () => {
    const guest = browser(app);
    const missing = expectError(
      await guest.call('POST', '/api/payment/verify-payment', { razorpay_order_id: 'order_x' }),
      400,
      /not valid/,
    );
    expect(Object.keys(missing.errors ?? {}).sort()).toEqual(['razorpay_payment_id', 'razorpay_signature']);
    expectError(
      await guest.call('POST', '/api/payment/verify-payment', {
        razorpay_order_id: 'order_unknown',
        razorpay_payment_id: 'pay_unknown',
        razorpay_signature: sign('order_unknown', 'pay_unknown'),
      }),
      404,
      'Payment not found',
    );
    expectError(
      await guest.call('POST', '/api/payment/create-order', {
        email: 'x@example.com',
        shippingAddress: ADDRESS,
        currency: 'USD',
        country: 'US',
      }),
      422,
      'Your cart is empty.',
    );
    expectError(await payAtRazorpay(guest, 'order_unknown'), 404, 'Payment not found');
  });

  it('given a checkout in dollars, when a UPI order is asked for, then it is refused: UPI charges rupees only', async () => {
    const guest = browser(app);
    await addPrints(guest, 'POSTERA3', 1);
    expectError(
      await guest.call('POST', '/api/payment/create-order', {
        email: 'usd@example.com',
        shippingAddress: ADDRESS,
        currency: 'USD',
        country: 'US',
      }),
      422,
      'UPI and net banking are charged in Indian rupees: choose INR to pay this way.',
    );
  });

  it('given a UPI payment open in one tab, when another tab pays the cart by card first, then the UPI payment is refunded in full and makes no order', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const upi = await createOrder(guest, 'two-ways@example.com');
    const card = await guest.call('POST', '/api/stripe/create-payment-intent', {
      email: 'two-ways@example.com',
      shippingAddress: ADDRESS,
      currency: 'INR',
      country: 'US',
    });
    const paidByCard = await guest.call('POST', '/api/stripe/confirm-payment', {
      paymentIntentId: card.body.paymentIntentId,
      testCard: CARD_OK,
    });
    const { orderNumber } = orderResponseSchema.parse(paidByCard.body).order;

    const paid = await payAtRazorpay(guest, upi.orderId);
    const verified = await guest.call('POST', '/api/payment/verify-payment', paid.body);

    expectError(
      verified,
      409,
      `These items were already ordered in another tab or window (order ${orderNumber}). This payment has been refunded in full.`,
    );
    const refunds = await app.db(TEST_REFUNDS_TABLE).where({ payment_id: paid.body.razorpay_payment_id });
    expect(refunds.map((row) => Number(row.amount))).toEqual([toMinor(upi.amount, 'INR')]);
    expect(await eventLog(app).readStream(orderStreamName(orderIdOf('razorpay', upi.orderId)))).toEqual([]);
    // The status job no longer counts it as a payment waiting for its confirmation.
    await expect
      .poll(
        async () =>
          (
            await app
              .db(PAYMENT_REQUESTS_TABLE)
              .withSchema(readModelSchema(CHECKOUTS_PROJECTION))
              .where({ provider: 'razorpay', reference: upi.orderId })
              .first()
          )?.status,
      )
      .toBe('refunded');
  });

  it('given one checkout with two UPI orders, when both are paid, then the second is refunded in full and makes no second order', async () => {
    const guest = browser(app);
    await addPrints(guest, 'POSTERA3', 2);
    const started = await guest.call('POST', '/api/checkout/start', {
      email: 'two-attempts@example.com',
      shippingAddress: ADDRESS,
      currency: 'INR',
      country: 'US',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { checkoutId } = started.body as { checkoutId: string };
    // The popup was closed and opened again: every attempt is a new Razorpay order.
    const first = createOrderResponseSchema.parse(
      (await guest.call('POST', '/api/payment/create-order', { checkoutId })).body,
    );
    const second = createOrderResponseSchema.parse(
      (await guest.call('POST', '/api/payment/create-order', { checkoutId })).body,
    );
    const paidFirst = await payAtRazorpay(guest, first.orderId);
    const placed = await guest.call('POST', '/api/payment/verify-payment', paidFirst.body);
    const { orderNumber } = orderResponseSchema.parse(placed.body).order;

    // The second attempt's money was taken too (a UPI app approved it late).
    const paidSecond = await payAtRazorpay(guest, second.orderId);
    expect(paidSecond.status, JSON.stringify(paidSecond.body)).toBe(200);
    const verified = await guest.call('POST', '/api/payment/verify-payment', paidSecond.body);

    expectError(
      verified,
      409,
      `This checkout was already paid (order ${orderNumber}). This payment has been refunded in full.`,
    );
    const refunds = await app
      .db(TEST_REFUNDS_TABLE)
      .where({ payment_id: paidSecond.body.razorpay_payment_id });
    expect(refunds.map((row) => Number(row.amount))).toEqual([toMinor(second.amount, 'INR')]);
    expect(await eventLog(app).readStream(orderStreamName(orderIdOf('razorpay', second.orderId)))).toEqual(
      [],
    );
    // Asked again (a retry, the status job): the same answer, and still one refund.
    expectError(
      await guest.call('POST', '/api/payment/verify-payment', paidSecond.body),
      409,
      `This checkout was already paid (order ${orderNumber}). This payment has been refunded in full.`,
    );
    expect(
      await app.db(TEST_REFUNDS_TABLE).where({ payment_id: paidSecond.body.razorpay_payment_id }),
    ).toHaveLength(1);
  });

  it('given one checkout paid by UPI, when a card intent it started before is confirmed, then the card payment is refunded and makes no order', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const started = await guest.call('POST', '/api/checkout/start', {
      email: 'card-and-upi@example.com',
      shippingAddress: ADDRESS,
      currency: 'INR',
      country: 'US',
    });
    const { checkoutId } = started.body as { checkoutId: string };
    const card = await guest.call('POST', '/api/stripe/create-payment-intent', { checkoutId });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const upi = createOrderResponseSchema.parse(
      (await guest.call('POST', '/api/payment/create-order', { checkoutId })).body,
    );
    const placed = await guest.call(
      'POST',
      '/api/payment/verify-payment',
      (await payAtRazorpay(guest, upi.orderId)).body,
    );
    const { orderNumber } = orderResponseSchema.parse(placed.body).order;

    const confirmed = await guest.call('POST', '/api/stripe/confirm-payment', {
      paymentIntentId: card.body.paymentIntentId,
      testCard: CARD_OK,
    });

    expectError(
      confirmed,
      409,
      `This checkout was already paid (order ${orderNumber}). This payment has been refunded in full.`,
    );
    expect(
      await eventLog(app).readStream(
        orderStreamName(orderIdOf('stripe', card.body.paymentIntentId as string)),
      ),
    ).toEqual([]);
    expect(await app.db(TEST_REFUNDS_TABLE).where({ payment_id: card.body.paymentIntentId })).toHaveLength(1);
  });

  it('given a failed UPI payment, then the customer is told and no order exists', async () => {
    const guest = browser(app);
    await addPrints(guest);
    const created = await createOrder(guest);
    expectError(await payAtRazorpay(guest, created.orderId, 'failure'), 402, 'Payment failed');
    expect(await eventLog(app).readStream(orderStreamName(orderIdOf('razorpay', created.orderId)))).toEqual(
      [],
    );
    expect(cartResponseSchema.parse((await guest.call('GET', '/api/cart')).body).items).toHaveLength(1);
  });
});
