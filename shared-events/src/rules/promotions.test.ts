// Promotion codes, pure: what a code takes off, in which order, and every message of a refusal.
import { describe, expect, it } from 'vitest';
import type { PromotionTerms } from '../events/promotion';
import type { PricingLine } from './cart-pricing';
import { priceCartWithCode } from './promoted-cart';
import { customerKey, isPromotionCode, normalizePromotionCode, PROMOTION_MESSAGES } from './promotions';
import type { PromotionStatus } from './promotions';

const at = '2025-06-01T09:00:00.000Z';
const line = (sku: string, quantity: number): PricingLine => ({ sku, quantity });
const status = (
  terms: Partial<PromotionTerms> = {},
  uses: Partial<PromotionStatus> = {},
): PromotionStatus => ({
  code: 'SUMMER10',
  terms: { percentBps: 1000, startsAt: '2025-05-01T00:00:00.000Z', ...terms },
  usesTaken: 0,
  ...uses,
});
// POSTERA4 1.78 USD (posters), 4X6PHOTOPRINT 0.39 USD (standard prints).
const mixed = [line('POSTERA4', 2), line('4X6PHOTOPRINT', 3)];
const usd = (lines: PricingLine[], s: PromotionStatus | undefined, loyaltyPoints = 0) =>
  priceCartWithCode({ lines, currency: 'USD', country: 'US', loyaltyPoints }, s, at);

describe('the code', () => {
  it('is case-insensitive, 3 to 32 letters, digits, - or _', () => {
    expect(normalizePromotionCode('  summer-10 ')).toBe('SUMMER-10');
    expect(['AB', 'A'.repeat(33), 'SUMMER 10', 'SÜMMER'].map(isPromotionCode)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(['ABC', 'A'.repeat(32), 'SUMMER_10'].map(isPromotionCode)).toEqual([true, true, true]);
  });

  it('counts a user by id and a guest by the e-mail, lower-case', () => {
    expect(customerKey({ userId: 'u1', email: 'A@X.com' })).toBe('user:u1');
    expect(customerKey({ email: ' Ada@Example.COM ' })).toBe('email:ada@example.com');
    expect(customerKey({})).toBeUndefined();
  });
});

describe('what a code takes off', () => {
  it('given 10% on posters, then it takes 10% of the posters only (3.56 -> 0.36, half up), and shipping stays as judged before discounts', () => {
    const { priced, refusal } = usd(mixed, status({ families: ['posters'] }));
    expect(refusal).toBeUndefined();
    expect(priced).toMatchObject({
      subtotal: 473,
      promotionCode: 'SUMMER10',
      promotionDiscount: 36,
      discount: 36,
      shippingFee: 1000,
      grandTotal: 473 - 36 + 1000,
    });
  });

  it('given 10 posters in the 11.24% band, then the code takes 10% of what the band left', () => {
    // 6 x 178 + 4 x 198 = 1860; band 209; 10% of 1651 = 165.1 -> 165.
    const { priced } = usd([line('POSTERA4', 6), line('POSTERA3', 4)], status());
    expect([priced.bandDiscount, priced.promotionDiscount, priced.discount]).toEqual([209, 165, 374]);
    expect(priced.grandTotal).toBe(1860 - 374 + priced.shippingFee);
  });

  it('given a fixed 5.00 EUR off a smaller EUR cart, then it takes the goods to 0, never below', () => {
    const { priced } = priceCartWithCode(
      { lines: [line('4X6PHOTOPRINT', 2)], currency: 'EUR', country: 'DE' },
      status({ percentBps: undefined, amountsOff: { EUR: 500 } }),
      at,
    );
    expect(priced.promotionDiscount).toBe(priced.subtotal);
    expect(priced.grandTotal).toBe(priced.shippingFee);
  });

  it('given points and a code, then points are capped at half of what band and code left', () => {
    // 40 x 1.49 = 59.60 (below the first print band); 50% off leaves 29.80; 2,000 points (20.00)
    // are capped at half of that: 1,490 points, 14.90.
    const { priced } = usd([line('8X10PHOTOPRINT', 40)], status({ percentBps: 5000 }), 2000);
    expect([priced.bandDiscount, priced.promotionDiscount, priced.loyaltyDiscount]).toEqual([0, 2980, 1490]);
    expect(priced.loyaltyPointsUsed).toBe(1490);
    expect(priced.grandTotal).toBe(5960 - 2980 - 1490 + priced.shippingFee);
    expect(priced.usd.promotionDiscount).toBe(2980);
  });

  it('given a cart over the free-shipping threshold, when the code takes it below, then shipping stays free', () => {
    const { priced } = usd([line('POSTERA4', 29)], status({ percentBps: 5000 }));
    expect(priced.subtotal).toBeGreaterThanOrEqual(5000);
    expect(priced.subtotal - priced.discount).toBeLessThan(5000);
    expect(priced.shippingFee).toBe(0);
  });
});

describe('why a code is refused (the cart is then priced without it)', () => {
  const refusalOf = (s: PromotionStatus | undefined, lines = mixed) => {
    const { priced, refusal } = usd(lines, s);
    expect(priced.promotionDiscount).toBe(0);
    return refusal;
  };

  it('given no such code, then "This code is not valid."', () => {
    expect(refusalOf(undefined)).toBe('This code is not valid.');
  });

  it('given it ended or its end passed, then "This code has expired."', () => {
    expect(refusalOf(status({}, { endedAt: '2025-05-20T00:00:00.000Z' }))).toBe('This code has expired.');
    expect(refusalOf(status({ endsAt: at }))).toBe('This code has expired.');
  });

  it('given it starts later, then "This code is not active yet."', () => {
    expect(refusalOf(status({ startsAt: '2025-06-02T00:00:00.000Z' }))).toBe('This code is not active yet.');
  });

  it('given a 10.00 USD minimum and 4.73 in the cart, then "Add $5.27 more to use this code.", in the cart\'s currency', () => {
    expect(refusalOf(status({ minSubtotalUsdCents: 1000 }))).toBe('Add $5.27 more to use this code.');
    const { refusal } = priceCartWithCode(
      { lines: mixed, currency: 'EUR', country: 'DE' },
      status({ minSubtotalUsdCents: 1000 }),
      at,
    );
    expect(refusal).toMatch(/^Add €\d+\.\d\d more to use this code\.$/);
  });

  it('given every use taken, then "This code has been used up."', () => {
    expect(refusalOf(status({ maxUses: 5 }, { usesTaken: 5 }))).toBe('This code has been used up.');
  });

  it('given greeting cards only and no card in the cart, then "This code does not apply to the items in your cart."', () => {
    expect(refusalOf(status({ families: ['greeting-cards'] }))).toBe(
      'This code does not apply to the items in your cart.',
    );
    expect(refusalOf(status(), [])).toBe(PROMOTION_MESSAGES.notForItems);
  });

  it('given the customer used it as often as allowed, then "You have already used this code."', () => {
    expect(refusalOf(status({ maxUsesPerCustomer: 1 }, { customerUses: 1 }))).toBe(
      'You have already used this code.',
    );
  });

  it('given a fixed amount in EUR only, when the cart is in USD, then the code is not for this currency', () => {
    expect(refusalOf(status({ percentBps: undefined, amountsOff: { EUR: 500 } }))).toBe(
      'This code cannot be used with prices in USD.',
    );
  });
});
