// The settings history names a currency rate change plainly.
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
});
