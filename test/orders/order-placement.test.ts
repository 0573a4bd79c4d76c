// The order placement against the real Postgres event store, below HTTP: one payment -> one order
// under concurrency, order numbers unique, amounts checked, loyalty once per order, points back on
// cancellation, and the status job placing orders whose confirmation never came.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEvents } from '@printshop/shared-events/all-events';
import { Conflict, NotFound } from '@printshop/shared-events/errors';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import type { EventStore, RecordedEvent } from '@printshop/shared-events/event-store';
import { cartStreamName } from '@printshop/shared-events/events/cart';
import { checkoutStreamName, type CheckoutStartedData } from '@printshop/shared-events/events/checkout';
import { loyaltyStreamName } from '@printshop/shared-events/events/loyalty';
import { orderNumberStreamName, orderStreamName } from '@printshop/shared-events/events/order';
import { foldOrderView } from '@printshop/shared-events/events/order-view';
import { paymentStreamName } from '@printshop/shared-events/events/payment';
import { silentLogger } from '@printshop/shared-events/logger';
import { changeOrderStatus } from '@printshop/command-service/order/change-status';
import { orderIdOf } from '@printshop/command-service/order/derived-ids';
import {
  ORDER_NUMBER_PATTERN,
  orderNumberCandidate,
  reserveOrderNumber,
} from '@printshop/command-service/order/order-number';
import { PaidElsewhere } from '@printshop/command-service/order/paid-elsewhere';
import { placePaidOrder, type SucceededPayment } from '@printshop/command-service/order/place-order';
import { paymentKey } from '@printshop/command-service/payment/payment-key';
import { recordPaymentRequest } from '@printshop/command-service/payment/payment-request';
import { reconcilePayments } from '@printshop/command-service/payment/reconcile-payments';
import { createRazorpayTestModePort } from '@printshop/command-service/payment/razorpay/razorpay-test-mode';
import {
  migrateTestModePayments,
  postgresRazorpayTestOrders,
  postgresTestRefunds,
} from '@printshop/infra/payments/test-mode-payments';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';
import { dyingStore } from './dying-store';
import { recordedMoney } from './recorded-money';

let testStore: TestStore;
let store: EventStore;
let money: ReturnType<typeof recordedMoney>;
beforeAll(async () => {
  testStore = await createTestStore('order_placement', {
    registry: new EventRegistry(allEvents),
    poolMax: 20,
  });
  store = testStore.store;
  money = recordedMoney(testStore.db);
});
afterAll(async () => {
  await testStore?.close();
});

const deps = () => ({ store, now: () => new Date(), money });
const at = () => new Date().toISOString();

/** Given a started checkout of a user (or a guest) for 13.56 USD, and its Stripe intent. */
async function givenCheckout(
  options: { userId?: string; loyaltyPoints?: number; lineId?: string; cartId?: string } = {},
) {
  const checkoutId = randomUUID();
  const loyaltyDiscount = options.loyaltyPoints ?? 0;
  const checkout: CheckoutStartedData = {
    checkoutId,
    cartId: options.cartId ?? (options.userId ? `u-${options.userId}` : `g-${randomUUID()}`),
    ...(options.userId && { userId: options.userId }),
    email: 'ada@example.com',
    shippingAddress: {
      fullName: 'Ada',
      phone: '+12015550123',
      line1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      country: 'US',
    },
    country: 'US',
    lines: [
      {
        lineId: options.lineId ?? randomUUID(),
        sku: 'POSTERA4',
        name: 'Poster A4',
        quantity: 2,
        unitPrice: 178,
        lineTotal: 356,
        unitPriceUsd: 178,
        croppedImageId: 'c1',
        rawImageId: 'r1',
      },
    ],
    amounts: {
      currency: 'USD',
      subtotal: 356 + loyaltyDiscount,
      discount: 0,
      loyaltyDiscount,
      loyaltyPoints: options.loyaltyPoints ?? 0,
      shipping: 1000,
      total: 1356,
      usdPaidSubtotal: 1356 - 1000 + 0,
      usdTotal: 1356,
      rate: 1,
    },
    startedAt: at(),
  };
  await store.appendToStream(checkoutStreamName(checkoutId), [{ type: 'CheckoutStarted', data: checkout }], {
    expectedRevision: 'no_stream',
  });
  const reference = `pi_${randomUUID().replaceAll('-', '')}`;
  await recordPaymentRequest(
    store,
    { provider: 'stripe', reference, checkout, testMode: true, at: at() },
    {},
  );
  const payment: SucceededPayment = {
    provider: 'stripe',
    reference,
    amount: 1356,
    currency: 'USD',
    testMode: true,
  };
  return { checkout, payment, orderId: orderIdOf('stripe', reference) };
}

const ofType = (events: RecordedEvent[], type: string) => events.filter((event) => event.type === type);

describe('order numbers', () => {
  it('given an order id, then its candidates are PS- and 8 unambiguous characters, the same every time', () => {
    const first = orderNumberCandidate('order-1', 0);
    expect(first).toMatch(ORDER_NUMBER_PATTERN);
    expect(first).not.toMatch(/[01ILO]/);
    expect(orderNumberCandidate('order-1', 0)).toBe(first);
    expect(orderNumberCandidate('order-1', 1)).not.toBe(first);
  });

  it('given the first candidate is held by another order, when the order reserves, then it gets the next one', async () => {
    const orderId = randomUUID();
    const taken = orderNumberCandidate(orderId, 0);
    await store.appendToStream(
      orderNumberStreamName(taken),
      [{ type: 'OrderNumberReserved', data: { orderNumber: taken, orderId: 'someone-else' } }],
      { expectedRevision: 'no_stream' },
    );
    expect(await reserveOrderNumber(store, orderId, {})).toBe(orderNumberCandidate(orderId, 1));
  });

  it('given 20 concurrent reservations for one order, then all get the same number, reserved once', async () => {
    const orderId = randomUUID();
    const numbers = await Promise.all(
      Array.from({ length: 20 }, () => reserveOrderNumber(store, orderId, {})),
    );
    expect(new Set(numbers).size).toBe(1);
    expect(await store.readStream(orderNumberStreamName(numbers[0]!))).toHaveLength(1);
  });
});

describe('placing a paid order', () => {
  it('given a checkout, when 30 confirmations of its payment race, then one order, paid once, with one award', async () => {
    const userId = randomUUID();
    const { checkout, payment, orderId } = await givenCheckout({ userId });

    const results = await Promise.all(
      Array.from({ length: 30 }, () => placePaidOrder(deps(), payment, { actor: 'test' })),
    );

    expect(new Set(results.map((r) => r.order.orderId))).toEqual(new Set([orderId]));
    expect(new Set(results.map((r) => r.order.orderNumber)).size).toBe(1);
    const orderEvents = await store.readStream(orderStreamName(orderId));
    expect(orderEvents.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPaid']);
    const loyalty = await store.readStream(loyaltyStreamName(userId));
    expect(ofType(loyalty, 'PointsEarned')).toHaveLength(1);
    expect(ofType(loyalty, 'PointsEarned')[0]!.data).toMatchObject({ orderId, points: 3 });
    expect(ofType(await store.readStream(cartStreamName(checkout.cartId)), 'CartEmptied')).toHaveLength(1);
    const checkoutEvents = await store.readStream(checkoutStreamName(checkout.checkoutId));
    expect(ofType(checkoutEvents, 'CheckoutCompleted')).toHaveLength(1);
  });

  it('given 5 checkouts of one cart line (tabs), when their payments race, then one order is placed and the other 4 are refunded in full, once each', async () => {
    const cartId = `g-${randomUUID()}`;
    const tabs = await Promise.all(
      Array.from({ length: 5 }, () => givenCheckout({ cartId, lineId: `line-${cartId}` })),
    );

    const results = await Promise.allSettled(
      [...tabs, ...tabs].map(({ payment }) => placePaidOrder(deps(), payment, { actor: 'test' })),
    );

    const placed = new Set(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.order.orderId] : [])));
    expect(placed.size).toBe(1);
    const [orderId] = placed;
    const { orderNumber } = (
      results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{
        order: { orderNumber: string };
      }>
    ).value.order;
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refused).toHaveLength(8);
    for (const error of refused) expect(error).toEqual(new PaidElsewhere(orderNumber));
    const losers = tabs.filter((tab) => tab.orderId !== orderId);
    expect(losers).toHaveLength(4);
    for (const loser of losers) {
      expect(money.refunds.filter((r) => r.payment.paymentId === loser.payment.reference)).toEqual([
        expect.objectContaining({ amount: 1356, currency: 'USD' }),
      ]);
      expect(await store.readStream(orderStreamName(loser.orderId))).toEqual([]);
      const refunded = ofType(
        await store.readStream(paymentStreamName(paymentKey('stripe', loser.payment.reference))),
        'PaymentRefunded',
      );
      expect(refunded.map((e) => e.data)).toEqual([
        expect.objectContaining({ amount: 1356, orderNumber, reason: 'ordered_elsewhere' }),
      ]);
    }
  });

  it('given a process killed right after writing an order, when another tab of those lines is paid, then it is refunded, and the order heals on its next confirmation', async () => {
    const cartId = `g-${randomUUID()}`;
    const lineId = `line-${cartId}`;
    const killed = await givenCheckout({ cartId, lineId });
    const other = await givenCheckout({ cartId, lineId });
    await expect(
      placePaidOrder(
        { ...deps(), store: dyingStore(store, orderStreamName(killed.orderId), 'after') },
        killed.payment,
        {},
      ),
    ).rejects.toThrow('killed');

    const placed = foldOrderView(await store.readStream(orderStreamName(killed.orderId)));
    await expect(placePaidOrder(deps(), other.payment, {})).rejects.toEqual(
      new PaidElsewhere(placed!.orderNumber),
    );
    const { order } = await placePaidOrder(deps(), killed.payment, {});

    expect(order.orderNumber).toBe(placed!.orderNumber);
    expect(await store.readStream(orderStreamName(other.orderId))).toEqual([]);
    expect(money.refunds.filter((r) => r.payment.paymentId === other.payment.reference)).toHaveLength(1);
    const completed = ofType(
      await store.readStream(checkoutStreamName(killed.checkout.checkoutId)),
      'CheckoutCompleted',
    );
    expect(completed).toHaveLength(1);
  });

  it('given a payment of another amount than its checkout, when it is placed, then it is refused and no order exists', async () => {
    const { payment, orderId } = await givenCheckout();
    await expect(placePaidOrder(deps(), { ...payment, amount: 1 }, {})).rejects.toThrow(Conflict);
    await expect(placePaidOrder(deps(), { ...payment, currency: 'EUR' }, {})).rejects.toThrow(Conflict);
    expect(await store.readStream(orderStreamName(orderId))).toHaveLength(0);
  });

  it('given a payment the shop never asked for, when it is placed, then it is not found', async () => {
    await expect(
      placePaidOrder(
        deps(),
        { provider: 'stripe', reference: 'pi_unknown', amount: 100, currency: 'USD', testMode: true },
        {},
      ),
    ).rejects.toThrow(NotFound);
  });

  it('given a guest checkout, when it is paid, then no loyalty stream is touched', async () => {
    const { payment } = await givenCheckout();
    const { order } = await placePaidOrder(deps(), payment, {});
    expect(order.userId).toBeUndefined();
    expect(order.status).toBe('paid');
  });
});

describe('loyalty around an order', () => {
  it('given 5 orders each redeeming 500 of 1,200 points, when they are paid at once, then the balance never goes below zero', async () => {
    const userId = randomUUID();
    await store.appendToStream(loyaltyStreamName(userId), [
      {
        type: 'PointsEarned',
        data: { orderId: 'earlier', orderNumber: 'PS-EARLIER2', points: 1200, at: at() },
      },
    ]);
    const checkouts = await Promise.all(
      Array.from({ length: 5 }, () => givenCheckout({ userId, loyaltyPoints: 500 })),
    );

    await Promise.all(checkouts.map(({ payment }) => placePaidOrder(deps(), payment, {})));

    const events = await store.readStream(loyaltyStreamName(userId));
    let balance = 0;
    for (const event of events) {
      const points = (event.data as { points: number }).points;
      balance += event.type === 'PointsRedeemed' ? -points : points;
      expect(balance).toBeGreaterThanOrEqual(0);
    }
    const redeemed = ofType(events, 'PointsRedeemed').map((e) => (e.data as { points: number }).points);
    const earned = ofType(events, 'PointsEarned').map((e) => (e.data as { points: number }).points);
    expect(redeemed.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(earned.reduce((a, b) => a + b, 0));
    expect(redeemed.filter((points) => points === 500).length).toBeGreaterThanOrEqual(2);
    expect(ofType(events, 'PointsEarned')).toHaveLength(6);
  });

  it('given an order that redeemed points, when it is cancelled twice, then the points come back once', async () => {
    const userId = randomUUID();
    await store.appendToStream(loyaltyStreamName(userId), [
      {
        type: 'PointsEarned',
        data: { orderId: 'earlier', orderNumber: 'PS-EARLIER3', points: 800, at: at() },
      },
    ]);
    const { payment, orderId } = await givenCheckout({ userId, loyaltyPoints: 600 });
    await placePaidOrder(deps(), payment, {});

    const cancel = () =>
      changeOrderStatus(
        store,
        { orderId, change: { status: 'cancelled', note: 'customer asked' }, by: 'admin:x', at: at() },
        {},
      );
    const first = await cancel();
    await cancel();

    expect(first.order.status).toBe('cancelled');
    const returned = ofType(await store.readStream(loyaltyStreamName(userId)), 'PointsReturned');
    expect(returned).toHaveLength(1);
    expect(returned[0]!.data).toMatchObject({ orderId, points: 600 });
  });
});

describe('the status job', () => {
  it('given a Razorpay order paid but never verified, when the job runs, then it becomes the order, once', async () => {
    await migrateTestModePayments(testStore.db);
    const razorpay = createRazorpayTestModePort({
      keySecret: 'test-secret-123456',
      orders: postgresRazorpayTestOrders(testStore.db),
      refunds: postgresTestRefunds(testStore.db),
    });
    const { checkout } = await givenCheckout();
    const created = await razorpay.createOrder({
      amount: 1356,
      currency: 'USD',
      receipt: checkout.checkoutId,
      notes: {},
    });
    await recordPaymentRequest(
      store,
      { provider: 'razorpay', reference: created.id, checkout, testMode: true, at: at() },
      {},
    );
    const unpaid = await razorpay.createOrder({
      amount: 1356,
      currency: 'USD',
      receipt: checkout.checkoutId,
      notes: {},
    });
    await razorpay.payTestOrder!(created.id, 'success');
    const pending = [
      {
        provider: 'razorpay' as const,
        reference: created.id,
        checkoutId: checkout.checkoutId,
        testMode: true,
      },
      {
        provider: 'razorpay' as const,
        reference: unpaid.id,
        checkoutId: checkout.checkoutId,
        testMode: true,
      },
    ];
    const job = { ...deps(), razorpay, logger: silentLogger, pending: async () => pending };

    const first = await reconcilePayments(job);
    const second = await reconcilePayments(job);

    const orderId = orderIdOf('razorpay', created.id);
    expect(first).toEqual({ checked: 2, placed: [orderId] });
    expect(second.placed).toEqual([orderId]);
    expect((await store.readStream(orderStreamName(orderId))).map((e) => e.type)).toEqual([
      'OrderPlaced',
      'OrderPaid',
    ]);
    expect(await store.readStream(orderStreamName(orderIdOf('razorpay', unpaid.id)))).toHaveLength(0);
  });
});
