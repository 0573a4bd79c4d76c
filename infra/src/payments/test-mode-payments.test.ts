// The test-mode payment stand-ins on the real Postgres: two gateways (two ports on one database, as
// two processes or one process before and after a restart) continue each other's payments, with
// the keyed behaviour (idempotency keys, test cards, a paid intent staying paid) unchanged.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Conflict } from '@printshop/shared-events/errors';
import { createRazorpayTestModePort } from '@printshop/command-service/payment/razorpay/razorpay-test-mode';
import { verifyRazorpaySignature } from '@printshop/command-service/payment/razorpay/signature';
import { createStripeTestModePort } from '@printshop/command-service/payment/stripe/stripe-test-mode';
import { createTestDatabase, type TestDatabase } from '@printshop/test/support/database';
import { createDb } from '../postgres/db';
import {
  migrateTestModePayments,
  postgresRazorpayTestOrders,
  postgresTestRefunds,
  postgresStripeTestIntents,
} from './test-mode-payments';

let database: TestDatabase;
let db: Knex;
beforeAll(async () => {
  database = await createTestDatabase('test_mode_payments');
  db = createDb(database.url, { poolMax: 4 });
  // Twice at once, as processes of a scale-out starting together.
  await Promise.all([migrateTestModePayments(db), migrateTestModePayments(db)]);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const stripeOn = (pool: Knex) =>
  createStripeTestModePort({
    webhookSecret: 'whsec_test',
    intents: postgresStripeTestIntents(pool),
    refunds: postgresTestRefunds(pool),
  });
const razorpayOn = (pool: Knex) =>
  createRazorpayTestModePort({
    keySecret: 'razorpay-test-secret',
    orders: postgresRazorpayTestOrders(pool),
    refunds: postgresTestRefunds(pool),
  });
const intentInput = (key: string) => ({
  amount: 1999,
  currency: 'USD',
  checkoutId: 'c0ffee00-0000-4000-8000-000000000001',
  idempotencyKey: key,
});

describe('Stripe test mode on Postgres', () => {
  it('given an intent created on gateway A, when gateway B confirms it with a test card, then both see it succeeded', async () => {
    // Given
    const [a, b] = [stripeOn(db), stripeOn(db)];
    const created = await a.createPaymentIntent(intentInput('key-across'));

    // When
    await b.confirmWithTestCard!(created.id, '4242424242424242');

    // Then
    expect(await a.retrievePaymentIntent(created.id)).toEqual({ ...created, status: 'succeeded' });
    expect((await b.retrievePaymentIntent(created.id))?.status).toBe('succeeded');
  });

  it('given an intent created before a restart, when the same key is used after it (and at once on two gateways), then the one intent comes back', async () => {
    // Given
    const before = await stripeOn(db).createPaymentIntent(intentInput('key-restart'));

    // When
    const after = await Promise.all([
      stripeOn(db).createPaymentIntent(intentInput('key-restart')),
      stripeOn(db).createPaymentIntent(intentInput('key-restart')),
    ]);

    // Then
    expect(after).toEqual([before, before]);
  });

  it('given a declined card on one gateway, then the other reports Stripe’s decline; a paid intent stays paid when declined later', async () => {
    // Given
    const [a, b] = [stripeOn(db), stripeOn(db)];
    const { id } = await a.createPaymentIntent(intentInput('key-decline'));

    // When
    await a.confirmWithTestCard!(id, '4000000000000002');

    // Then
    expect(await b.retrievePaymentIntent(id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'card_declined', message: 'Your card was declined.' },
    });
    await b.confirmWithTestCard!(id, '5555555555554444');
    await a.confirmWithTestCard!(id, '4000000000009995');
    const paid = await a.retrievePaymentIntent(id);
    expect(paid?.status).toBe('succeeded');
    expect(paid?.lastError).toBeUndefined();
  });

  it('given no such intent, then it is not found anywhere', async () => {
    const port = stripeOn(db);
    await port.confirmWithTestCard!('pi_test_unknown', '4242424242424242');
    expect(await port.retrievePaymentIntent('pi_test_unknown')).toBeUndefined();
  });
});

describe('Razorpay test mode on Postgres', () => {
  it('given an order created on gateway A, when paid through gateway B (a failure, then a success), then A lists both payments, signed with the key secret', async () => {
    // Given
    const [a, b] = [razorpayOn(db), razorpayOn(db)];
    const order = await a.createOrder({
      amount: 50000,
      currency: 'INR',
      receipt: 'r1',
      notes: { checkoutId: 'c1' },
    });

    // When
    const failed = await b.payTestOrder!(order.id, 'failure');
    const paid = await b.payTestOrder!(order.id, 'success');

    // Then
    expect(failed?.result).toBeUndefined();
    expect(paid?.result).toBeDefined();
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = paid!.result!;
    expect(
      verifyRazorpaySignature(
        razorpay_order_id,
        razorpay_payment_id,
        razorpay_signature,
        'razorpay-test-secret',
      ),
    ).toBe(true);
    expect(await a.fetchOrderPayments(order.id)).toEqual([
      {
        id: failed!.payment.id,
        orderId: order.id,
        status: 'failed',
        amount: 50000,
        currency: 'INR',
        errorDescription: 'Payment failed',
      },
      { id: paid!.payment.id, orderId: order.id, status: 'captured', amount: 50000, currency: 'INR' },
    ]);
  });

  it('given an order, when two gateways pay it at the same moment, then one payment is captured and the other refused as on a paid order', async () => {
    // Given
    const [a, b] = [razorpayOn(db), razorpayOn(db)];
    const order = await a.createOrder({ amount: 50000, currency: 'INR', receipt: 'r2', notes: {} });

    // When
    const both = await Promise.allSettled([
      a.payTestOrder!(order.id, 'success'),
      b.payTestOrder!(order.id, 'success'),
    ]);

    // Then
    expect(both.map((settled) => settled.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = both.find((settled) => settled.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(Conflict);
    expect((await a.fetchOrderPayments(order.id)).map((payment) => payment.status)).toEqual(['captured']);
  });

  it('given no such order, then paying it answers nothing and it has no payments', async () => {
    const port = razorpayOn(db);
    expect(await port.payTestOrder!('order_testunknown', 'success')).toBeUndefined();
    expect(await port.fetchOrderPayments('order_testunknown')).toEqual([]);
  });
});
