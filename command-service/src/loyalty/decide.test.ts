// The loyalty rules as given events / when command / then events.
import { describe, it } from 'vitest';
import type { LoyaltyEvent } from '@printshop/shared-events/events/loyalty';
import { deciderSpec } from '@printshop/shared-events/testing/decider-spec';
import { loyaltyDecider } from './decide';

const spec = deciderSpec(loyaltyDecider);
const at = '2025-04-01T09:00:00.000Z';
const earned = (orderId: string, points: number): LoyaltyEvent => ({
  type: 'PointsEarned',
  data: { orderId, orderNumber: `PS-${orderId}`, points, at },
});
const redeemed = (orderId: string, points: number): LoyaltyEvent => ({
  type: 'PointsRedeemed',
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

describe('redeeming', () => {
  it('given 1,000 points, when an order redeems 600, then 600 are redeemed', () => {
    spec
      .given([earned('o0', 1000)])
      .when({ type: 'RedeemPoints', data: { orderId: 'o1', orderNumber: 'PS-o1', points: 600, at } })
      .then([redeemed('o1', 600)]);
  });

  it('given 400 points left, when an order redeems 600, then only the 400 there are redeemed', () => {
    spec
      .given([earned('o0', 1000), redeemed('o1', 600)])
      .when({ type: 'RedeemPoints', data: { orderId: 'o2', orderNumber: 'PS-o2', points: 600, at } })
      .then([redeemed('o2', 400)]);
  });

  it('given no points left, when an order redeems, then nothing is redeemed', () => {
    spec
      .given([earned('o0', 600), redeemed('o1', 600)])
      .when({ type: 'RedeemPoints', data: { orderId: 'o2', orderNumber: 'PS-o2', points: 600, at } })
      .then([]);
  });

  it('given the order already redeemed, when it redeems again (a retry), then nothing more', () => {
    spec
      .given([earned('o0', 2000), redeemed('o1', 600)])
      .when({ type: 'RedeemPoints', data: { orderId: 'o1', orderNumber: 'PS-o1', points: 600, at } })
      .then([]);
  });
});

describe('returning', () => {
  it('given an order redeemed 600, when it is cancelled, then the 600 come back', () => {
    spec
      .given([earned('o0', 1000), redeemed('o1', 600)])
      .when({ type: 'ReturnPoints', data: { orderId: 'o1', orderNumber: 'PS-o1', at } })
      .then([{ type: 'PointsReturned', data: { orderId: 'o1', orderNumber: 'PS-o1', points: 600, at } }]);
  });

  it('given the points came back already, when they are returned again, then nothing more', () => {
    spec
      .given([
        earned('o0', 1000),
        redeemed('o1', 600),
        { type: 'PointsReturned', data: { orderId: 'o1', orderNumber: 'PS-o1', points: 600, at } },
      ])
      .when({ type: 'ReturnPoints', data: { orderId: 'o1', at } })
      .then([]);
  });

  it('given an order that redeemed nothing, when it is cancelled, then nothing comes back', () => {
    spec
      .given([earned('o1', 50)])
      .when({ type: 'ReturnPoints', data: { orderId: 'o1', at } })
      .then([]);
  });
});
