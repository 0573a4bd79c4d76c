// Refunds and cancellations reverse an order's loyalty points, against the real Postgres event
// store: redeemed points come back and earned ones are taken back (in proportion on a partial
// refund), the balance stops at 0, and every entry says why; a process killed midway is healed by
// doing it again, with the money moved once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEvents } from '@printshop/shared-events/all-events';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import type { EventStore } from '@printshop/shared-events/event-store';
import { checkoutStreamName, type CheckoutStartedData } from '@printshop/shared-events/events/checkout';
import { loyaltyStreamName } from '@printshop/shared-events/events/loyalty';
import { orderStreamName } from '@printshop/shared-events/events/order';
import { loyaltyBalance } from '@printshop/command-service/loyalty/balance';
import { changeOrderStatus } from '@printshop/command-service/order/change-status';
import { changeOrderStatusWithMoney } from '@printshop/command-service/order/refund-order';
import { placePaidOrder } from '@printshop/command-service/order/place-order';
import { recordPaymentRequest } from '@printshop/command-service/payment/payment-request';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';
import { dyingStore } from './dying-store';
import { recordedMoney } from './recorded-money';

let testStore: TestStore;
let store: EventStore;
beforeAll(async () => {
  testStore = await createTestStore('points_reversal', { registry: new EventRegistry(allEvents) });
  store = testStore.store;
});
afterAll(async () => {
  await testStore?.close();
});

const at = () => new Date().toISOString();
const by = 'admin:a1';

/**
 * Given a user with `points` who paid an order of 40.00 USD of goods (+10.00 shipping), 600 of
 * the points redeemed on it (6.00 off, so 34.00 paid for goods: 34 points earned).
 */
async function givenPaidOrder(points: number) {
  const userId = randomUUID();
  await store.appendToStream(loyaltyStreamName(userId), [
    { type: 'PointsEarned', data: { orderId: 'earlier', orderNumber: 'PS-EARLIER2', points, at: at() } },
  ]);
  const checkoutId = randomUUID();
  const checkout: CheckoutStartedData = {
    checkoutId,
    cartId: `u-${userId}`,
    userId,
    email: 'ada@example.com',
    shippingAddress: { fullName: 'Ada', phone: '+12015550123', line1: '1 Main St', city: 'X', country: 'US' },
    country: 'US',
    lines: [
      {
        lineId: 'l1',
        sku: 'POSTERA4',
        name: 'Poster A4',
        quantity: 1,
        unitPrice: 4000,
        lineTotal: 4000,
        unitPriceUsd: 4000,
        croppedImageId: 'c1',
      },
    ],
    amounts: {
      currency: 'USD',
      subtotal: 4000,
      discount: 0,
      loyaltyDiscount: 600,
      loyaltyPoints: 600,
      shipping: 1000,
      total: 4400,
      usdPaidSubtotal: 3400,
      usdTotal: 4400,
      rate: 1,
    },
    startedAt: at(),
  };
  await store.appendToStream(checkoutStreamName(checkoutId), [{ type: 'CheckoutStarted', data: checkout }]);
  const reference = `pi_${randomUUID().replaceAll('-', '')}`;
  await recordPaymentRequest(
    store,
    { provider: 'stripe', reference, checkout, testMode: true, at: at() },
    {},
  );
  const { order } = await placePaidOrder(
    { store, now: () => new Date(), money: recordedMoney(testStore.db) },
    { provider: 'stripe', reference, amount: 4400, currency: 'USD', testMode: true },
    {},
  );
  return { userId, order };
}

const movements = async (userId: string) =>
  (await store.readStream(loyaltyStreamName(userId)))
    .filter((e) => e.type === 'PointsReturned' || e.type === 'PointsWithdrawn')
    .map((e) => ({ type: e.type, ...(e.data as { points: number; reason: string }) }))
    .map(({ type, points, reason }) => ({ type, points, reason }));

describe("reversing an order's points", () => {
  it('given a paid order that redeemed 600 and earned 34, when it is refunded in full, then 600 come back and 34 are taken back', async () => {
    const { userId, order } = await givenPaidOrder(1000);
    expect(await loyaltyBalance(store, userId)).toBe(1000 - 600 + 34);

    await changeOrderStatus(
      store,
      { orderId: order.orderId, change: { status: 'refunded' }, by, at: at() },
      {},
    );

    expect(await movements(userId)).toEqual([
      { type: 'PointsReturned', points: 600, reason: 'order_refunded' },
      { type: 'PointsWithdrawn', points: 34, reason: 'order_refunded' },
    ]);
    expect(await loyaltyBalance(store, userId)).toBe(1000);
  });

  it('given a paid order, when a quarter of its money is refunded, then a quarter of its points are reversed', async () => {
    const { userId, order } = await givenPaidOrder(1000);

    await changeOrderStatus(
      store,
      { orderId: order.orderId, change: { status: 'refunded', amount: 1100 }, by, at: at() },
      {},
    );

    expect(await movements(userId)).toEqual([
      { type: 'PointsReturned', points: 150, reason: 'order_partly_refunded' },
      { type: 'PointsWithdrawn', points: 9, reason: 'order_partly_refunded' },
    ]);
    expect(await loyaltyBalance(store, userId)).toBe(1000 - 600 + 34 + 150 - 9);
  });

  it('given the earned points were spent meanwhile, when the order is cancelled and then refunded, then its points are reversed once and the balance never goes below 0', async () => {
    const { userId, order } = await givenPaidOrder(600);
    // The 34 earned are spent elsewhere (written directly: below the usual minimum).
    await store.appendToStream(loyaltyStreamName(userId), [
      { type: 'PointsRedeemed', data: { orderId: 'other', points: 34, at: at() } },
    ]);
    expect(await loyaltyBalance(store, userId)).toBe(0);

    await changeOrderStatus(
      store,
      { orderId: order.orderId, change: { status: 'cancelled' }, by, at: at() },
      {},
    );
    await changeOrderStatus(
      store,
      { orderId: order.orderId, change: { status: 'refunded' }, by, at: at() },
      {},
    );

    expect(await movements(userId)).toEqual([
      { type: 'PointsReturned', points: 600, reason: 'order_cancelled' },
      { type: 'PointsWithdrawn', points: 34, reason: 'order_cancelled' },
    ]);
    expect(await loyaltyBalance(store, userId)).toBe(566);
    let balance = 0;
    for (const event of await store.readStream(loyaltyStreamName(userId))) {
      const { points } = event.data as { points?: number };
      if (event.type === 'PointsEarned' || event.type === 'PointsReturned') balance += points!;
      if (event.type === 'PointsRedeemed' || event.type === 'PointsWithdrawn') balance -= points!;
      expect(balance).toBeGreaterThanOrEqual(0);
    }
  });

  it('given a process killed right after an order was cancelled, when the admin cancels it again, then its points are reversed', async () => {
    const { userId, order } = await givenPaidOrder(1000);
    const cancel = { orderId: order.orderId, change: { status: 'cancelled' as const }, by, at: at() };
    await expect(
      changeOrderStatus(dyingStore(store, orderStreamName(order.orderId), 'after'), cancel, {}),
    ).rejects.toThrow('killed');
    expect(await movements(userId)).toEqual([]);

    await changeOrderStatus(store, cancel, {});

    expect(await movements(userId)).toEqual([
      { type: 'PointsReturned', points: 600, reason: 'order_cancelled' },
      { type: 'PointsWithdrawn', points: 34, reason: 'order_cancelled' },
    ]);
  });

  for (const when of ['before', 'after'] as const) {
    it(`given a refund whose process was killed ${when} the order recorded it, when the admin refunds again, then the money moved once and the points are reversed`, async () => {
      const { userId, order } = await givenPaidOrder(1000);
      const money = recordedMoney(testStore.db);
      const refund = { orderId: order.orderId, change: { status: 'refunded' as const }, by, at: at() };
      await expect(
        changeOrderStatusWithMoney(
          dyingStore(store, orderStreamName(order.orderId), when),
          refund,
          {},
          money,
        ),
      ).rejects.toThrow('killed');

      const { order: refunded } = await changeOrderStatusWithMoney(store, refund, {}, money);

      expect(money.refunds).toEqual([expect.objectContaining({ amount: 4400 })]);
      expect(refunded).toMatchObject({ status: 'refunded', refundedAmount: 4400 });
      const recorded = (await store.readStream(orderStreamName(order.orderId))).filter(
        (e) => e.type === 'OrderRefunded',
      );
      expect(recorded.map((e) => (e.data as { refundId: string }).refundId)).toEqual(['re_recorded_1']);
      expect(await movements(userId)).toEqual([
        { type: 'PointsReturned', points: 600, reason: 'order_refunded' },
        { type: 'PointsWithdrawn', points: 34, reason: 'order_refunded' },
      ]);
    });
  }
});
