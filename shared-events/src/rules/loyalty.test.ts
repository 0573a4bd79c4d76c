import { describe, expect, it } from 'vitest';
import { MIN_REDEEM_POINTS, pointsEarned, redeemableDiscount } from './loyalty';

describe('pointsEarned', () => {
  it.each([
    [0, 0],
    [99, 0],
    [100, 1],
    [4999, 49],
    [12_345, 123],
    [-500, 0],
    [Number.NaN, 0],
  ])('a paid subtotal of %i cents earns %i points', (cents, points) => {
    expect(pointsEarned(cents)).toBe(points);
  });
});

describe('redeemableDiscount', () => {
  it('uses all points when they fit under half the cart', () => {
    // 600 points = 6.00 USD on a 20.00 USD cart (cap 10.00)
    expect(redeemableDiscount(600, 2000)).toEqual({ points: 600, discountUsdCents: 600 });
  });

  it('caps at half the cart subtotal and keeps the rest of the balance', () => {
    expect(redeemableDiscount(5000, 2001)).toEqual({ points: 1000, discountUsdCents: 1000 });
  });

  it('refuses below the minimum, whether the balance or the cap is short', () => {
    expect(redeemableDiscount(MIN_REDEEM_POINTS - 1, 100_000)).toEqual({ points: 0, discountUsdCents: 0 });
    expect(redeemableDiscount(MIN_REDEEM_POINTS, 100_000)).toEqual({ points: 500, discountUsdCents: 500 });
    // a 9.98 USD cart allows at most 4.99 USD: below the 500-point minimum
    expect(redeemableDiscount(10_000, 998)).toEqual({ points: 0, discountUsdCents: 0 });
    expect(redeemableDiscount(10_000, 1000)).toEqual({ points: 500, discountUsdCents: 500 });
  });

  it('is never negative and treats bad inputs as zero', () => {
    expect(redeemableDiscount(-1000, 5000)).toEqual({ points: 0, discountUsdCents: 0 });
    expect(redeemableDiscount(1000, -5000)).toEqual({ points: 0, discountUsdCents: 0 });
    expect(redeemableDiscount(Number.NaN, 5000)).toEqual({ points: 0, discountUsdCents: 0 });
    expect(redeemableDiscount(700.9, 5000)).toEqual({ points: 700, discountUsdCents: 700 });
  });
});
