import { describe, expect, it } from 'vitest';
import {
  applyQuantityDiscount,
  bandTable,
  discountAmount,
  discountBand,
  formatRate,
  nextBand,
  POSTER_DISCOUNT,
  UPLOAD_PANEL_DISCOUNT,
  uploadPanelDiscountScheme,
} from './discounts';

describe('upload-panel quantity discount (spec 2 §9)', () => {
  it.each([
    [0, 0],
    [1, 0],
    [49, 0],
    [50, 2000],
    [99, 2000],
    [100, 3000],
    [249, 3000],
    [250, 4000],
    [10_000, 4000],
  ])('given %i items in total, the rate is %i bps', (quantity, rateBps) => {
    expect(discountBand(UPLOAD_PANEL_DISCOUNT, quantity).rateBps).toBe(rateBps);
  });

  it('scales its bands from the threshold and top rate', () => {
    expect(uploadPanelDiscountScheme({ threshold: 10, topRate: 0.2 }).bands).toEqual([
      { minQuantity: 0, rateBps: 0 },
      { minQuantity: 10, rateBps: 1000 },
      { minQuantity: 20, rateBps: 1500 },
      { minQuantity: 50, rateBps: 2000 },
    ]);
    expect(() => uploadPanelDiscountScheme({ threshold: 0 })).toThrow(RangeError);
    expect(() => uploadPanelDiscountScheme({ topRate: 1.5 })).toThrow(RangeError);
  });

  it('totals quantity x base price across images, then takes the rate of the total quantity', () => {
    // given 30 + 20 prints at 0.99 USD: 50 items, 49.50 USD, the 20% band
    expect(
      applyQuantityDiscount(UPLOAD_PANEL_DISCOUNT, [
        { quantity: 30, unitPrice: 99 },
        { quantity: 20, unitPrice: 99 },
      ]),
    ).toEqual({ totalQuantity: 50, total: 4950, rateBps: 2000, discount: 990, final: 3960 });
  });

  it('rounds the discount half up and keeps total = discount + final', () => {
    // 105 minor units at 30% = 31.5 -> 32
    const result = applyQuantityDiscount(UPLOAD_PANEL_DISCOUNT, [
      { quantity: 95, unitPrice: 1 },
      { quantity: 5, unitPrice: 2 },
    ]);
    expect(result).toMatchObject({ totalQuantity: 100, total: 105, discount: 32, final: 73 });
    expect(discountAmount(104, 3000)).toBe(31); // 31.2 -> 31
  });

  it('refuses negative or fractional quantities and prices', () => {
    expect(() => applyQuantityDiscount(UPLOAD_PANEL_DISCOUNT, [{ quantity: -1, unitPrice: 100 }])).toThrow(
      RangeError,
    );
    expect(() => applyQuantityDiscount(UPLOAD_PANEL_DISCOUNT, [{ quantity: 1.5, unitPrice: 100 }])).toThrow(
      RangeError,
    );
    expect(() => applyQuantityDiscount(UPLOAD_PANEL_DISCOUNT, [{ quantity: 1, unitPrice: 1.78 }])).toThrow(
      RangeError,
    );
    expect(() => discountBand(UPLOAD_PANEL_DISCOUNT, Number.NaN)).toThrow(RangeError);
  });

  it('an empty order costs nothing', () => {
    expect(applyQuantityDiscount(UPLOAD_PANEL_DISCOUNT, [])).toEqual({
      totalQuantity: 0,
      total: 0,
      rateBps: 0,
      discount: 0,
      final: 0,
    });
  });
});

describe('poster quantity discount (spec 2 §9)', () => {
  it.each([
    [0, 0],
    [9, 0],
    [10, 1124],
    [49, 1124],
    [50, 2247],
    [99, 2247],
    [100, 3371],
    [500, 3371],
  ])('given %i posters in total, the rate is %i bps', (quantity, rateBps) => {
    expect(discountBand(POSTER_DISCOUNT, quantity).rateBps).toBe(rateBps);
  });

  it('prices 10 A4 posters at 1.78 USD with 11.24% off', () => {
    // 17.80 x 0.1124 = 2.00072 -> 2.00
    expect(applyQuantityDiscount(POSTER_DISCOUNT, [{ quantity: 10, unitPrice: 178 }])).toEqual({
      totalQuantity: 10,
      total: 1780,
      rateBps: 1124,
      discount: 200,
      final: 1580,
    });
  });

  it('given an A4 poster at 1.78 USD, then the bulk table states the price each band really charges', () => {
    expect(bandTable(POSTER_DISCOUNT, 178)).toEqual([
      { label: '1-9', rateBps: 0, unitPrice: 178 },
      { label: '10-49', rateBps: 1124, unitPrice: 158 },
      { label: '50-99', rateBps: 2247, unitPrice: 138 },
      { label: '100+', rateBps: 3371, unitPrice: 118 },
    ]);
    // 10 posters at the 10-49 price are what applyQuantityDiscount charges for them.
    expect(applyQuantityDiscount(POSTER_DISCOUNT, [{ quantity: 10, unitPrice: 178 }]).final).toBe(10 * 158);
  });
});

describe('nextBand: "add N more to save"', () => {
  it.each([
    [0, { itemsNeeded: 50, minQuantity: 50, rateBps: 2000 }],
    [49, { itemsNeeded: 1, minQuantity: 50, rateBps: 2000 }],
    [50, { itemsNeeded: 50, minQuantity: 100, rateBps: 3000 }],
    [99, { itemsNeeded: 1, minQuantity: 100, rateBps: 3000 }],
    [100, { itemsNeeded: 150, minQuantity: 250, rateBps: 4000 }],
    [249, { itemsNeeded: 1, minQuantity: 250, rateBps: 4000 }],
    [250, undefined],
    [1000, undefined],
  ])('upload panel at %i items: %j', (quantity, expected) => {
    expect(nextBand(UPLOAD_PANEL_DISCOUNT, quantity)).toEqual(expected);
  });

  it.each([
    [0, { itemsNeeded: 10, minQuantity: 10, rateBps: 1124 }],
    [9, { itemsNeeded: 1, minQuantity: 10, rateBps: 1124 }],
    [10, { itemsNeeded: 40, minQuantity: 50, rateBps: 2247 }],
    [49, { itemsNeeded: 1, minQuantity: 50, rateBps: 2247 }],
    [50, { itemsNeeded: 50, minQuantity: 100, rateBps: 3371 }],
    [99, { itemsNeeded: 1, minQuantity: 100, rateBps: 3371 }],
    [100, undefined],
  ])('posters at %i items: %j', (quantity, expected) => {
    expect(nextBand(POSTER_DISCOUNT, quantity)).toEqual(expected);
  });

  it('refuses a negative quantity', () => {
    expect(() => nextBand(POSTER_DISCOUNT, -1)).toThrow(RangeError);
  });
});

describe('formatRate', () => {
  it('shows basis points as a percentage without trailing zeros', () => {
    expect(formatRate(1124)).toBe('11.24%');
    expect(formatRate(2000)).toBe('20%');
    expect(formatRate(0)).toBe('0%');
  });
});
