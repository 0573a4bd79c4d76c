import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCart, type PricingLine } from './cart-pricing';
import { PRODUCTS, pricedSku } from './catalog';
import { CURRENCY_CODES, type CurrencyCode } from './currencies';
import { toMajor } from './money';
import { SHIPPING_RULES } from './shipping';

const line = (sku: string, quantity: number): PricingLine => ({ sku, quantity });
const usdUs = (lines: PricingLine[], loyaltyPoints = 0) =>
  priceCart({ lines, currency: 'USD', country: 'US', loyaltyPoints });

/** Every SKU a cart line can carry. */
const ORDERABLE = PRODUCTS.flatMap((p) => [p.sku, ...(p.sizes ?? []).map((s) => s.sku)]).filter(
  (sku) => pricedSku(sku) !== undefined,
);

describe('priceCart by example', () => {
  it('prices each line from the catalog, unit x quantity, and adds base shipping below the threshold', () => {
    const cart = usdUs([line('POSTERA4', 2), line('4X6PHOTOPRINT', 3)]);
    expect(cart.items.map((i) => [i.sku, i.pricePerUnit, i.lineTotal])).toEqual([
      ['POSTERA4', 178, 356],
      ['4X6PHOTOPRINT', 39, 117],
    ]);
    expect(cart.subtotal).toBe(473);
    expect(cart.discount).toBe(0);
    expect(cart.shippingFee).toBe(1000);
    expect(cart.grandTotal).toBe(1473);
    expect(cart.freeShippingThreshold).toBe(5000);
    expect(cart.shippingInfo).toMatchObject({
      country: 'US',
      baseRate: 10,
      freeShippingThreshold: 50,
      isFree: false,
    });
  });

  it('applies the poster bands to the posters total quantity: 10 posters get 11.24%', () => {
    const cart = usdUs([line('POSTERA4', 6), line('POSTERA3', 4)]);
    // 6 x 178 + 4 x 198 = 1860; 11.24% = 209.064 -> 209
    expect(cart.subtotal).toBe(1860);
    expect(cart.bands).toEqual([
      { group: 'poster', quantity: 10, rateBps: 1124, discount: 209, discountUsdCents: 209 },
    ]);
    expect(cart.discount).toBe(209);
  });

  it('applies the upload-panel bands to prints, strips and cards together: 50 of them get 20%', () => {
    const cart = usdUs([line('4X6PHOTOPRINT', 40), line('FILMSTRIP2', 5), line('GREETINGCARDPORTRAIT', 5)]);
    // 40 x 39 + 5 x 149 + 5 x 249 = 3550; 20% = 710
    expect(cart.bands).toEqual([
      { group: 'upload-panel', quantity: 50, rateBps: 2000, discount: 710, discountUsdCents: 710 },
    ]);
  });

  it('keeps the groups apart: 9 posters and 45 prints reach no band although they are 54 items', () => {
    const cart = usdUs([line('POSTERA4', 9), line('4X6PHOTOPRINT', 45)]);
    expect(cart.bands.map((b) => b.rateBps)).toEqual([0, 0]);
    expect(cart.discount).toBe(0);
  });

  it('gives collages no quantity band', () => {
    const cart = usdUs([line('TEMPLATE_COLLAGE_A4', 120)]);
    expect(cart.bands).toEqual([]);
    expect(cart.discount).toBe(0);
    expect(cart.subtotal).toBe(120 * 499);
  });

  it('applies loyalty points up to half of the subtotal after the band discount', () => {
    expect(usdUs([line('TEMPLATE_COLLAGE_A3', 3)], 600)).toMatchObject({
      subtotal: 2397,
      loyaltyDiscount: 600,
      loyaltyPointsUsed: 600,
      discount: 600,
    });
    // 20 collages A5 = 7980; cap 3990
    expect(usdUs([line('TEMPLATE_COLLAGE_A5', 20)], 100_000)).toMatchObject({
      loyaltyDiscount: 3990,
      loyaltyPointsUsed: 3990,
    });
  });

  it('uses no points below the minimum of 500', () => {
    expect(usdUs([line('TEMPLATE_COLLAGE_A3', 3)], 499)).toMatchObject({
      loyaltyDiscount: 0,
      loyaltyPointsUsed: 0,
    });
  });

  describe('free shipping looks at the subtotal before discounts (spec 1 §9)', () => {
    it('given 31 A4 posters (55.18 USD, 11.24% band off: 48.98), when priced for the US, then shipping is free', () => {
      const cart = usdUs([line('POSTERA4', 31)]);
      expect(cart).toMatchObject({ subtotal: 5518, bandDiscount: 620, shippingFee: 0, grandTotal: 4898 });
      expect(cart.shippingInfo.isFree).toBe(true);
    });

    it('given 7 A3 collages (55.93 USD) and 600 points (6 USD) off, when priced, then shipping stays free', () => {
      const cart = usdUs([line('TEMPLATE_COLLAGE_A3', 7)], 600);
      expect(cart).toMatchObject({ subtotal: 5593, loyaltyDiscount: 600, shippingFee: 0, grandTotal: 4993 });
    });

    it('given 10 A4 collages (49.90 USD, no band), when priced for the US, then the 10 USD base rate applies', () => {
      const cart = usdUs([line('TEMPLATE_COLLAGE_A4', 10)]);
      expect(cart).toMatchObject({ subtotal: 4990, shippingFee: 1000, grandTotal: 5990 });
      expect(cart.shippingInfo.isFree).toBe(false);
    });

    it('given any cart, then the fee is 0 exactly when the subtotal reaches the displayed threshold', () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.constantFrom(...ORDERABLE), fc.integer({ min: 1, max: 40 })), {
            minLength: 1,
            maxLength: 4,
          }),
          fc.constantFrom(...CURRENCY_CODES),
          fc.constantFrom(...SHIPPING_RULES.map((r) => r.country), 'IN', 'BR'),
          fc.integer({ min: 0, max: 5000 }),
          (lines, currency, country, loyaltyPoints) => {
            const cart = priceCart({
              lines: lines.map(([s, q]) => line(s, q)),
              currency,
              country,
              loyaltyPoints,
            });
            const free = cart.freeShippingThreshold !== null && cart.subtotal >= cart.freeShippingThreshold;
            expect(cart.shippingFee === 0).toBe(free);
            expect(cart.shippingInfo.isFree).toBe(free);
          },
        ),
      );
    });
  });

  it('compares a British cart in pounds with the £40 threshold as displayed', () => {
    const under = priceCart({ lines: [line('TEMPLATE_COLLAGE_A4', 10)], currency: 'GBP', country: 'GB' });
    // A4 collage 4.99 USD = £3.94; 10 = £39.40 < £40 -> £8.00 shipping
    expect(under).toMatchObject({
      subtotal: 3940,
      shippingFee: 800,
      grandTotal: 4740,
      freeShippingThreshold: 4000,
    });
    const over = priceCart({ lines: [line('TEMPLATE_COLLAGE_A4', 11)], currency: 'GBP', country: 'GB' });
    expect(over).toMatchObject({ subtotal: 4334, shippingFee: 0, grandTotal: 4334 });
  });

  it('answers in yen with whole amounts, the Japanese fee and threshold in yen', () => {
    const cart = priceCart({ lines: [line('POSTERA4', 3)], currency: 'JPY', country: 'JP' });
    // 1.78 USD x 149 = 265.22 -> 265 yen
    expect(cart.items[0]).toMatchObject({ pricePerUnit: 265, lineTotal: 795 });
    expect(cart).toMatchObject({
      subtotal: 795,
      shippingFee: 1500,
      grandTotal: 2295,
      freeShippingThreshold: 7500,
    });
  });

  it('converts the fee of a rule in another currency: Germany (EUR 9) seen in USD', () => {
    const cart = priceCart({ lines: [line('POSTERA4', 1)], currency: 'USD', country: 'DE' });
    // 9 EUR / 0.92 = 9.7826 USD -> 978 cents; threshold 45 EUR -> 48.91 USD
    expect(cart).toMatchObject({ shippingFee: 978, freeShippingThreshold: 4891 });
    expect(cart.shippingInfo).toMatchObject({ currency: 'EUR', baseRate: 9, freeShippingThreshold: 45 });
  });

  it('gives a country without a rule the rest-of-world rule', () => {
    const cart = usdUs([]);
    const brazil = priceCart({ lines: [line('POSTERA4', 1)], currency: 'USD', country: 'BR' });
    expect(brazil.shippingInfo).toMatchObject({ country: 'BR', zone: 'rest_of_world', listed: false });
    expect(brazil.shippingFee).toBe(1000);
    expect(cart.shippingFee).toBe(0);
  });

  it('leaves a SKU the catalog no longer sells out of the prices', () => {
    const cart = usdUs([line('POSTERA4', 1), line('NOSUCHTHING', 5)]);
    expect(cart.items.map((i) => i.sku)).toEqual(['POSTERA4']);
    expect(cart.unavailable).toEqual([line('NOSUCHTHING', 5)]);
    expect(cart.totalQuantity).toBe(1);
  });
});

describe('priceCart properties', () => {
  const lines = fc.array(
    fc.record({ sku: fc.constantFrom(...ORDERABLE), quantity: fc.integer({ min: 1, max: 10_000 }) }),
    { maxLength: 12 },
  );
  const currency = fc.constantFrom<CurrencyCode>(...CURRENCY_CODES);
  const country = fc.constantFrom(...SHIPPING_RULES.map((r) => r.country), 'IN', 'BR', 'ZA');
  const points = fc.integer({ min: 0, max: 2_000_000 });

  it('adds the lines up to the subtotal, and unit x quantity up to each line', () => {
    fc.assert(
      fc.property(lines, currency, country, points, (ls, cur, cty, pts) => {
        const cart = priceCart({ lines: ls, currency: cur, country: cty, loyaltyPoints: pts });
        expect(cart.items.reduce((sum, i) => sum + i.lineTotal, 0)).toBe(cart.subtotal);
        for (const item of cart.items) expect(item.pricePerUnit * item.quantity).toBe(item.lineTotal);
        expect(cart.items.reduce((sum, i) => sum + i.lineUsdCents, 0)).toBe(cart.usd.subtotal);
      }),
    );
  });

  it('makes grandTotal = subtotal - discount + shipping, never negative, in both currencies', () => {
    fc.assert(
      fc.property(lines, currency, country, points, (ls, cur, cty, pts) => {
        const cart = priceCart({ lines: ls, currency: cur, country: cty, loyaltyPoints: pts });
        for (const amounts of [cart, cart.usd]) {
          expect(amounts.discount).toBe(amounts.bandDiscount + amounts.loyaltyDiscount);
          expect(amounts.grandTotal).toBe(amounts.subtotal - amounts.discount + amounts.shippingFee);
          expect(amounts.grandTotal).toBeGreaterThanOrEqual(0);
          expect(amounts.discount).toBeLessThanOrEqual(amounts.subtotal);
          expect(amounts.shippingFee).toBeGreaterThanOrEqual(0);
          for (const value of [amounts.subtotal, amounts.discount, amounts.shippingFee, amounts.grandTotal]) {
            expect(Number.isSafeInteger(value)).toBe(true);
          }
        }
        expect(cart.shippingFee === 0).toBe(cart.usd.shippingFee === 0);
      }),
    );
  });

  it('keeps zero-decimal currencies whole: their minor unit is the major unit', () => {
    fc.assert(
      fc.property(
        lines,
        fc.constantFrom<CurrencyCode>('JPY', 'KRW'),
        country,
        points,
        (ls, cur, cty, pts) => {
          const cart = priceCart({ lines: ls, currency: cur, country: cty, loyaltyPoints: pts });
          for (const value of [cart.subtotal, cart.discount, cart.shippingFee, cart.grandTotal]) {
            expect(toMajor(value, cur)).toBe(value);
          }
          for (const item of cart.items) expect(toMajor(item.pricePerUnit, cur)).toBe(item.pricePerUnit);
        },
      ),
    );
  });

  it('ignores anything on a line but its sku and quantity (no client price enters)', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 1_000_000 }), (ls, price) => {
        const tampered = ls.map((l) => ({ ...l, price, pricePerUnit: price }));
        const a = priceCart({ lines: ls, currency: 'EUR', country: 'DE' });
        const b = priceCart({ lines: tampered, currency: 'EUR', country: 'DE' });
        expect(b.grandTotal).toBe(a.grandTotal);
        expect(b.items.map((i) => i.pricePerUnit)).toEqual(a.items.map((i) => i.pricePerUnit));
      }),
    );
  });
});
