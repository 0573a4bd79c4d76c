import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from './currencies';
import { formatMoney } from './money';
import { SHIPPING_RULES } from './shipping';
import { remainingForFreeShipping, shippingAnnouncement, shippingTermsIn, shipsFree } from './shipping-terms';

describe('shipping terms in the display currency', () => {
  it.each([
    // [country, currency, base rate, threshold] in minor units of the currency
    ['US', 'USD', 1000, 5000],
    ['US', 'EUR', 920, 4600],
    ['US', 'INR', 83200, 416000],
    ['GB', 'GBP', 800, 4000], // the rule's own amounts, not via USD
    ['GB', 'USD', 1013, 5063],
    ['JP', 'JPY', 1500, 7500],
    ['DE', 'EUR', 900, 4500],
    ['HR', 'EUR', 900, 4500], // the kuna rule, converted to the euro
    ['IN', 'INR', 9900, 99900],
    ['BR', 'USD', 1000, 5000], // rest of world
  ] as const)('given %s in %s, then shipping is %i, free from %i', (country, currency, base, free) => {
    const terms = shippingTermsIn(country, currency);
    expect([terms.baseRate, terms.freeShippingThreshold]).toEqual([base, free]);
  });

  it('given India, then a ₹998.99 order pays ₹99 shipping and a ₹999 order ships free', () => {
    const terms = shippingTermsIn('IN', 'INR');
    expect(shipsFree(terms, 99899)).toBe(false);
    expect(terms.baseRate).toBe(9900);
    expect(shipsFree(terms, 99900)).toBe(true);
    expect(terms.rule.estimatedDays).toEqual({ min: 3, max: 7 });
  });

  it('given a subtotal one minor unit below the threshold, then shipping is charged; at it, free', () => {
    for (const currency of CURRENCY_CODES) {
      for (const { country } of SHIPPING_RULES) {
        const terms = shippingTermsIn(country, currency);
        const threshold = terms.freeShippingThreshold!;
        expect(shipsFree(terms, threshold - 1), `${country} ${currency}`).toBe(false);
        expect(remainingForFreeShipping(terms, threshold - 1)).toBe(1);
        expect(shipsFree(terms, threshold)).toBe(true);
        expect(remainingForFreeShipping(terms, threshold)).toBe(0);
      }
    }
  });
});

describe('the header announcement', () => {
  it.each([
    ['US', 'USD', 'Free shipping on orders over $50.00'],
    ['US', 'EUR', 'Free shipping on orders over €46.00'],
    ['DE', 'EUR', 'Free shipping on orders over €45.00'],
    ['DE', 'GBP', 'Free shipping on orders over £38.64'],
    ['JP', 'JPY', 'Free shipping on orders over ¥7,500'],
    ['HU', 'USD', 'Free shipping on orders over $42.25'],
    ['IN', 'INR', 'Free shipping on orders over ₹999.00'],
    ['BR', 'USD', 'Worldwide shipping available'],
    [undefined, 'EUR', 'Worldwide shipping available'],
  ] as const)('given a visitor from %s choosing %s, then it reads %j', (country, currency, text) => {
    expect(shippingAnnouncement(country, currency)).toBe(text);
  });

  it('given any country and currency, then it shows the very threshold the cart uses', () => {
    for (const currency of CURRENCY_CODES) {
      for (const { country } of SHIPPING_RULES) {
        const { freeShippingThreshold } = shippingTermsIn(country, currency);
        expect(shippingAnnouncement(country, currency)).toBe(
          `Free shipping on orders over ${formatMoney(freeShippingThreshold!, currency)}`,
        );
      }
    }
  });

  it('formats for the visitor locale', () => {
    expect(shippingAnnouncement('DE', 'EUR', 'de-DE')).toBe('Free shipping on orders over 45,00\u00a0€');
  });
});
