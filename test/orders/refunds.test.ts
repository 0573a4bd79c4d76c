// Refunds move money (API.md "Admin": PUT /api/admin/orders/:id/status {status: refunded}): the
// admin's refund is given back at the payment's provider before the order records it, with the
// provider's refund id in the OrderRefunded event. Here the providers are their test-mode
// stand-ins (no keys), which keep refunds in Postgres with the providers' rules: one refund per
// idempotency key, never more back than was paid. The SDK and REST calls to Stripe and Razorpay
// themselves: test/payments/provider-apis.test.ts.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrderResponseSchema,
  orderResponseSchema,
  type OrderDto,
} from '@printshop/shared-events/api/orders';
import { orderStreamName } from '@printshop/shared-events/events/order';
import { toMinor } from '@printshop/shared-events/rules/money';
import { TEST_REFUNDS_TABLE } from '@printshop/infra/payments/test-mode-payments';
import type { TestApp } from '@printshop/test/support/app';
import { adminApi, freshEmail, placeOrder, startAdminApp, type Api } from '../admin/support';
import { browser } from '../cart/support';
import { ADDRESS, addPrints, eventLog, razorpayKeySecret } from '../payments/support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('refunds');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

const refund = (order: OrderDto) => admin.put(`/api/admin/orders/${order.id}/status`, { status: 'refunded' });
const refundsOf = (paymentId: string) =>
  app.db(TEST_REFUNDS_TABLE).where({ payment_id: paymentId }).select('id', 'amount');
const eventsOf = async (order: OrderDto) =>
  (await eventLog(app).readStream(orderStreamName(order.id))).map((e) => e);

async function paidCardOrder() {
  const buyer = browser(app);
  const { order, position } = await placeOrder(app, buyer, { email: freshEmail() });
  admin.observe(position);
  const [placed] = await eventLog(app).readStream(orderStreamName(order.id));
  return { order, paymentIntentId: (placed!.data as { payment: { paymentId: string } }).payment.paymentId };
}

describe('refunding a card order', () => {
  it('given a paid card order, when the admin refunds it, then Stripe gives the whole amount back once and the order names that refund', async () => {
    const { order, paymentIntentId } = await paidCardOrder();

    const answer = await refund(order);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(orderResponseSchema.parse(answer.body).order).toMatchObject({ status: 'refunded' });
    const refunds = await refundsOf(paymentIntentId);
    expect(refunds).toEqual([
      { id: expect.stringMatching(/^re_test_/), amount: toMinor(order.total, order.currency) },
    ]);
    const recorded = (await eventsOf(order)).find((e) => e.type === 'OrderRefunded')!;
    expect(recorded.data).toMatchObject({
      amount: toMinor(order.total, order.currency),
      refundId: refunds[0]!.id,
    });

    // Refunded again: nothing is left, nothing more is given back.
    expect((await refund(order)).status).toBe(200);
    expect(await refundsOf(paymentIntentId)).toHaveLength(1);
  });

  it('given the same refund pressed five times at once, then the money goes back once and the order records one refund', async () => {
    const { order, paymentIntentId } = await paidCardOrder();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(order)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await refundsOf(paymentIntentId)).toHaveLength(1);
    expect((await eventsOf(order)).filter((e) => e.type === 'OrderRefunded')).toHaveLength(1);
  });

  it('given the provider refuses (the money was already given back at Stripe), then 422 with its words and the order stays paid', async () => {
    const { order, paymentIntentId } = await paidCardOrder();
    // A refund made in Stripe's dashboard, outside the shop.
    await app.db(TEST_REFUNDS_TABLE).insert({
      id: 're_test_dashboard',
      idempotency_key: `dashboard-${order.id}`,
      payment_id: paymentIntentId,
      amount: toMinor(order.total, order.currency),
    });
    const answer = await refund(order);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      success: false,
      message: 'The refund is larger than what is left of the payment.',
    });
    expect((await eventsOf(order)).map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPaid']);
  });

  it('given a cancelled order, when it is refunded, then the money goes back once; a move refused afterwards moves none', async () => {
    const { order, paymentIntentId } = await paidCardOrder();
    expect((await admin.put(`/api/admin/orders/${order.id}/status`, { status: 'cancelled' })).status).toBe(
      200,
    );
    expect((await refund(order)).status).toBe(200);
    expect(await refundsOf(paymentIntentId)).toHaveLength(1);
    // Refunded is final: shipping it now is refused, and nothing is given back twice.
    const shipped = await admin.put(`/api/admin/orders/${order.id}/status`, {
      status: 'shipped',
      carrier: 'DHL',
      trackingNumber: '123',
    });
    expect(shipped.status).toBe(422);
    expect(await refundsOf(paymentIntentId)).toHaveLength(1);
  });
});

describe('refunding a UPI order', () => {
  it('given an order paid by UPI, when the admin refunds it, then Razorpay gives the payment back', async () => {
    const guest = browser(app);
    await addPrints(guest, 'POSTERA3', 1);
    const created = createOrderResponseSchema.parse(
      (
        await guest.call('POST', '/api/payment/create-order', {
          email: freshEmail('upi'),
          shippingAddress: ADDRESS,
          currency: 'INR',
          country: 'IN',
        })
      ).body,
    );
    const paid = await guest.call('POST', '/api/payment/test/pay', {
      razorpay_order_id: created.orderId,
      outcome: 'success',
    });
    const paymentId = paid.body.razorpay_payment_id as string;
    const verified = await guest.call('POST', '/api/payment/verify-payment', {
      razorpay_order_id: created.orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: createHmac('sha256', razorpayKeySecret(app))
        .update(`${created.orderId}|${paymentId}`)
        .digest('hex'),
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    admin.observe(Number(verified.headers.get('x-event-position')));
    const order = orderResponseSchema.parse(verified.body).order;

    expect((await refund(order)).status).toBe(200);
    expect(await refundsOf(paymentId)).toEqual([
      { id: expect.stringMatching(/^re_test_/), amount: toMinor(order.total, 'INR') },
    ]);
  });
});
