// The histories name a currency rate change and a quantity-band change plainly.
import { describe, expect, it } from 'vitest';
import { fieldLabel, shownValue } from './change-history';

describe('change history labels', () => {
  it('given a currencyRate:EUR change from 0.92 to 0.93, then it reads "Rate of EUR per USD", 0.92 -> 0.93', () => {
    expect(fieldLabel('currencyRate:EUR')).toBe('Rate of EUR per USD');
    expect([shownValue('currencyRate:EUR', 0.92), shownValue('currencyRate:EUR', 0.93)]).toEqual([
      '0.92',
      '0.93',
    ]);
  });

  it('given a pictures change, then it reads "Pictures" with the files, main first', () => {
    expect(fieldLabel('images')).toBe('Pictures');
    expect(
      shownValue('images', [
        '/images/0f8e2c1a-77b4-4c1e-9d0e-3b1f5a6c7d8e',
        '/images/products/poster-a4.webp',
      ]),
    ).toBe('upload 0f8e2c1a, poster-a4.webp');
  });

  it('given the poster bands changed from 10+ 11.24% to none, then it reads "Quantity bands of posters", "10+ 11.24%" -> "none"', () => {
    expect(fieldLabel('bands:poster')).toBe('Quantity bands of posters');
    expect(
      shownValue('bands:poster', [
        { minQuantity: 10, rateBps: 1124 },
        { minQuantity: 50, rateBps: 2247 },
      ]),
    ).toBe('10+ 11.24%, 50+ 22.47%');
    expect(shownValue('bands:poster', [])).toBe('none');
  });
});
