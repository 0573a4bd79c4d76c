// The loyalty rules as given events / when command / then events.
import { describe, it } from 'vitest';
import { RuleBroken } from '@printshop/shared-events/errors';
import type { LoyaltyEvent } from '@printshop/shared-events/events/loyalty';
import { deciderSpec } from '@printshop/shared-events/testing/decider-spec';
import { LOYALTY_MESSAGES, loyaltyDecider } from './decide';

const spec = deciderSpec(loyaltyDecider);
const at = '2025-04-01T09:00:00.000Z';
const earned = (orderId: string, points: number): LoyaltyEvent => ({
  type: 'PointsEarned',
  data: { orderId, orderNumber: `PS-${orderId}`, points, at },
});

describe('earning', () => {
  it('given nothing, when an order paid 12.99 USD, then 12 points are earned', () => {
    spec
      .given([])
      .when({
        type: 'EarnPoints',
        data: { orderId: 'o1', orderNumber: 'PS-o1', paidSubtotalUsdCents: 1299, at },
      })
      .then([earned('o1', 12)]);
  });

  it('given the order already earned, when it earns again (a retry), then nothing more', () => {
    spec
      .given([earned('o1', 12)])
      .when({
        type: 'EarnPoints',
        data: { orderId: 'o1', orderNumber: 'PS-o1', paidSubtotalUsdCents: 1299, at },
      })
      .then([]);
  });

  it('given nothing, when an order paid under a dollar, then no points (no event)', () => {
    spec
      .given([])
      .when({
        type: 'EarnPoints',
        data: { orderId: 'o1', orderNumber: 'PS-o1', paidSubtotalUsdCents: 99, at },
      })
      .then([]);
  });
});

const reserved = (
  checkoutId: string,
  points: number,
  expiresAt = '2025-04-01T10:00:00.000Z',
): LoyaltyEvent => ({
  type: 'PointsReserved',
  data: { checkoutId, points, expiresAt, at },
});
const reserve = (checkoutId: string, points: number, when = at) => ({
  type: 'ReservePoints' as const,
  data: { checkoutId, points, expiresAt: '2025-04-01T10:00:00.000Z', at: when },
});
const redeem = (orderId: string, checkoutId: string, points: number) => ({
  type: 'RedeemPoints' as const,
  data: { orderId, orderNumber: `PS-${orderId}`, checkoutId, points, at },
});
const redeemed = (orderId: string, checkoutId: string, points: number): LoyaltyEvent => ({
  type: 'PointsRedeemed',
  data: { orderId, orderNumber: `PS-${orderId}`, checkoutId, points, at },
});

describe('reserving', () => {
  it('given 1,000 points, when a payment reserves 600, then they are held for its checkout', () => {
    spec
      .given([earned('o0', 1000)])
      .when(reserve('c1', 600))
      .then([reserved('c1', 600)]);
  });

  it('given 600 of 1,000 points held by another checkout, when a payment reserves 500, then it is refused', () => {
    spec
      .given([earned('o0', 1000), reserved('c1', 600)])
      .when(reserve('c2', 500))
      .thenThrows(RuleBroken, LOYALTY_MESSAGES.notEnoughPoints);
  });

  it('given the checkout holds its points, when its payment is started again, then nothing more is held', () => {
    spec
      .given([earned('o0', 1000), reserved('c1', 600)])
      .when(reserve('c1', 600))
      .then([]);
  });

  it('given a hold that expired, when another checkout reserves, then the old hold is released first', () => {
    spec
      .given([earned('o0', 600), reserved('c1', 600, '2025-04-01T08:00:00.000Z')])
      .when(reserve('c2', 600))
      .then([
        {
          type: 'PointsReservationReleased',
          data: { checkoutId: 'c1', points: 600, reason: 'expired', at },
        },
        reserved('c2', 600),
      ]);
  });

  it('given a failed payment held points, when it is released, then they are free again, once', () => {
    const release = {
      type: 'ReleaseReservation' as const,
      data: { checkoutId: 'c1', reason: 'payment_failed' as const, at },
    };
    const released: LoyaltyEvent = {
      type: 'PointsReservationReleased',
      data: { checkoutId: 'c1', points: 600, reason: 'payment_failed', at },
    };
    spec
      .given([earned('o0', 600), reserved('c1', 600)])
      .when(release)
      .then([released]);
    spec
      .given([earned('o0', 600), reserved('c1', 600), released])
      .when(release)
      .then([]);
    spec
      .given([earned('o0', 600), reserved('c1', 600), released])
      .when(reserve('c2', 600))
      .then([reserved('c2', 600)]);
  });
});

describe('redeeming', () => {
  it('given the checkout holds 600 of 600 points, when its order redeems, then the hold is what is spent', () => {
    spec
      .given([earned('o0', 600), reserved('c1', 600)])
      .when(redeem('o1', 'c1', 600))
      .then([redeemed('o1', 'c1', 600)]);
  });

  it('given another checkout holds all the points, when an order without a hold redeems, then nothing is spent', () => {
    spec
      .given([earned('o0', 600), reserved('c1', 600)])
      .when(redeem('o2', 'c2', 600))
      .then([]);
  });

  it('given its hold was released and 400 points are left, when the order redeems 600, then only 400 are spent', () => {
    spec
      .given([earned('o0', 400)])
      .when(redeem('o2', 'c2', 600))
      .then([redeemed('o2', 'c2', 400)]);
  });

  it('given the order already redeemed, when it redeems again (a retry), then nothing more', () => {
    spec
      .given([earned('o0', 2000), reserved('c1', 600), redeemed('o1', 'c1', 600)])
      .when(redeem('o1', 'c1', 600))
      .then([]);
  });
});

describe('reversing an order', () => {
  const reverse = (
    reason: 'order_cancelled' | 'order_refunded' | 'order_partly_refunded',
    refunded: number,
  ) => ({
    type: 'ReverseOrderPoints' as const,
    data: { orderId: 'o1', orderNumber: 'PS-o1', reason, refunded, total: 1000, at },
  });
  const paidOrder = [earned('o0', 1000), reserved('c1', 600), redeemed('o1', 'c1', 600), earned('o1', 40)];

  it('given an order redeemed 600 and earned 40, when it is cancelled, then 600 come back and 40 are taken back', () => {
    spec
      .given(paidOrder)
      .when(reverse('order_cancelled', 1000))
      .then([
        {
          type: 'PointsReturned',
          data: { orderId: 'o1', orderNumber: 'PS-o1', points: 600, reason: 'order_cancelled', at },
        },
        {
          type: 'PointsWithdrawn',
          data: { orderId: 'o1', orderNumber: 'PS-o1', points: 40, reason: 'order_cancelled', at },
        },
      ]);
  });

  it('given a quarter of the money is refunded, then a quarter of the points are reversed, and the rest on the full refund', () => {
    const quarter: LoyaltyEvent[] = [
      {
        type: 'PointsReturned',
        data: { orderId: 'o1', orderNumber: 'PS-o1', points: 150, reason: 'order_partly_refunded', at },
      },
      {
        type: 'PointsWithdrawn',
        data: { orderId: 'o1', orderNumber: 'PS-o1', points: 10, reason: 'order_partly_refunded', at },
      },
    ];
    spec.given(paidOrder).when(reverse('order_partly_refunded', 250)).then(quarter);
    spec
      .given([...paidOrder, ...quarter])
      .when(reverse('order_refunded', 1000))
      .then([
        {
          type: 'PointsReturned',
          data: { orderId: 'o1', orderNumber: 'PS-o1', points: 450, reason: 'order_refunded', at },
        },
        {
          type: 'PointsWithdrawn',
          data: { orderId: 'o1', orderNumber: 'PS-o1', points: 30, reason: 'order_refunded', at },
        },
      ]);
  });

  it('given the earned points were spent already, when the order is refunded, then the balance stops at 0', () => {
    spec
      .given([earned('o1', 40), reserved('c2', 30), redeemed('o2', 'c2', 30)])
      .when(reverse('order_refunded', 1000))
      .then([
        {
          type: 'PointsWithdrawn',
          data: { orderId: 'o1', orderNumber: 'PS-o1', points: 10, reason: 'order_refunded', at },
        },
      ]);
  });

  it('given it was reversed already, when it is reversed again, then nothing more', () => {
    spec
      .given([
        ...paidOrder,
        {
          type: 'PointsReturned',
          data: { orderId: 'o1', orderNumber: 'PS-o1', points: 600, reason: 'order_cancelled', at },
        },
        {
          type: 'PointsWithdrawn',
          data: { orderId: 'o1', orderNumber: 'PS-o1', points: 40, reason: 'order_cancelled', at },
        },
      ])
      .when(reverse('order_refunded', 1000))
      .then([]);
  });
});
