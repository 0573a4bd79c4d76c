import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, currencyByCode, type CurrencyCode } from './currencies';
import {
  convertAmounts,
  convertFromUsd,
  convertFromUsdAtRate,
  convertLines,
  convertToUsd,
  convertToUsdAtRate,
  formatMoney,
  sumMinor,
  toMajor,
  toMinor,
} from './money';

const currency = fc.constantFrom(...CURRENCY_CODES);
const cents = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });
const price = fc.integer({ min: 0, max: 10_000_000 }); // up to 100,000 USD
const digitsOf = (text: string) => Number(text.replace(/\D/g, ''));

describe('convertFromUsd', () => {
  it.each<[number, CurrencyCode, number]>([
    [178, 'EUR', 164], // 163.76
    [178, 'JPY', 265], // 265.22 yen
    [178, 'KRW', 2350], // 2,349.6 won
    [100, 'OMR', 39], // 38.5: half goes away from zero
    [-100, 'OMR', -39],
    [50, 'GBP', 40], // 39.5
    [-50, 'GBP', -40],
    [50, 'JPY', 75], // 74.5 yen
    [499, 'USD', 499],
    [0, 'RUB', 0],
  ])('given %i USD cents, when converted to %s, then it is %i minor units', (usd, code, expected) => {
    expect(convertFromUsd(usd, code)).toBe(expected);
  });

  it('given any whole amount and currency, when converted, then the result is a safe integer', () => {
    fc.assert(
      fc.property(cents, currency, (usd, code) => {
        expect(Number.isSafeInteger(convertFromUsd(usd, code))).toBe(true);
      }),
    );
  });

  it('given an amount, when converted, then it is within half a minor unit of the exact product', () => {
    fc.assert(
      fc.property(cents, currency, (usd, code) => {
        // Computed independently in floating point; its own error is far below 1e-9 of the amount.
        const exact = usd * ratio(code) * 10 ** (decimalsFor(code) - 2);
        expect(Math.abs(convertFromUsd(usd, code) - exact)).toBeLessThanOrEqual(0.5 + Math.abs(exact) * 1e-9);
      }),
    );
  });

  it('given an amount, when converted, then rounding is symmetric around zero and monotonic', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 1000 }), currency, (usd, step, code) => {
        expect(convertFromUsd(-usd, code) + convertFromUsd(usd, code)).toBe(0);
        expect(convertFromUsd(usd + step, code)).toBeGreaterThanOrEqual(convertFromUsd(usd, code));
      }),
    );
  });

  it('given USD, when converted, then nothing changes', () => {
    fc.assert(
      fc.property(cents, (usd) => {
        expect(convertFromUsd(usd, 'USD')).toBe(usd);
      }),
    );
  });

  it('given bad input, when converted, then it is refused', () => {
    expect(() => convertFromUsd(1.5, 'EUR')).toThrow(RangeError);
    expect(() => convertFromUsd(Number.NaN, 'EUR')).toThrow(RangeError);
    expect(() => convertFromUsd(2 ** 60, 'EUR')).toThrow(RangeError);
    expect(() => convertFromUsd(100, 'XXX' as CurrencyCode)).toThrow(/Unknown currency/);
    expect(() => convertFromUsdAtRate(100, 0, 2)).toThrow(/Invalid rate/);
    expect(() => convertFromUsdAtRate(100, -1, 2)).toThrow(/Invalid rate/);
    expect(() => convertFromUsdAtRate(100, Number.POSITIVE_INFINITY, 2)).toThrow(/Invalid rate/);
    expect(() => convertFromUsdAtRate(100, 1, 1.5)).toThrow(/Invalid decimals/);
    expect(() => convertFromUsd(Number.MAX_SAFE_INTEGER, 'KRW')).toThrow(RangeError);
  });
});

describe('convertToUsd', () => {
  it('given a local amount, when converted back, then the same rounding rule applies', () => {
    expect(convertToUsd(800, 'GBP')).toBe(1013); // 8 GBP = 10.1266 USD
    expect(convertToUsd(1500, 'JPY')).toBe(1007); // 1,500 yen = 10.0671 USD
    expect(convertToUsdAtRate(350, 83.2, 0)).toBe(421); // 350 (zero-decimal at 83.2) = 4.2067 USD
  });

  it('given a USD amount, when converted there and back, then it moves by at most the rounding of both legs', () => {
    fc.assert(
      fc.property(price, currency, (usd, code) => {
        const back = convertToUsd(convertFromUsd(usd, code), code);
        const oneMinorInCents = 100 / 10 ** decimalsFor(code) / ratio(code);
        expect(Math.abs(back - usd)).toBeLessThanOrEqual(Math.ceil(oneMinorInCents / 2) + 1);
      }),
    );
  });
});

describe('reconciliation of lines and totals', () => {
  it('given amounts, when each is converted and summed, then it differs from the converted sum by at most half a minor unit per amount', () => {
    fc.assert(
      fc.property(fc.array(price, { minLength: 1, maxLength: 30 }), currency, (amounts, code) => {
        const { amounts: converted, totalMinor } = convertAmounts(amounts, code);
        expect(totalMinor).toBe(converted.reduce((a, b) => a + b, 0));
        const convertedSum = convertFromUsd(
          amounts.reduce((a, b) => a + b, 0),
          code,
        );
        expect(Math.abs(totalMinor - convertedSum)).toBeLessThanOrEqual(amounts.length * 0.5);
      }),
    );
  });

  it('given cart lines, when converted, then unit x quantity is the line and the lines add up to the total', () => {
    const line = fc.record({ unitUsdCents: price, quantity: fc.integer({ min: 1, max: 500 }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), currency, (lines, code) => {
        const result = convertLines(lines, code);
        for (const converted of result.lines) {
          expect(converted.lineMinor).toBe(converted.unitMinor * converted.quantity);
        }
        expect(result.totalMinor).toBe(result.lines.reduce((sum, l) => sum + l.lineMinor, 0));
        // The drift from converting the USD total is bounded by half a minor unit per unit converted.
        const usdTotal = lines.reduce((sum, l) => sum + l.unitUsdCents * l.quantity, 0);
        const quantities = lines.reduce((sum, l) => sum + l.quantity, 0);
        expect(Math.abs(result.totalMinor - convertFromUsd(usdTotal, code))).toBeLessThanOrEqual(
          quantities * 0.5 + 0.5,
        );
      }),
    );
  });

  it('given a concrete cart in yen, when converted, then the displayed figures add up', () => {
    // 3 A4 posters at 1.78 USD and 2 A3 at 1.98 USD.
    const result = convertLines(
      [
        { unitUsdCents: 178, quantity: 3 },
        { unitUsdCents: 198, quantity: 2 },
      ],
      'JPY',
    );
    expect(result.lines.map((l) => [l.unitMinor, l.lineMinor])).toEqual([
      [265, 795],
      [295, 590],
    ]);
    expect(result.totalMinor).toBe(1385);
  });

  it('given a fractional quantity or amount, when summed, then it is refused', () => {
    expect(() => convertLines([{ unitUsdCents: 100, quantity: 1.5 }], 'EUR')).toThrow(RangeError);
    expect(() => sumMinor([1, 0.5])).toThrow(RangeError);
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

describe('toMajor and toMinor', () => {
  it.each<[number, string, number]>([
    [1234, 'EUR', 12.34],
    [178, 'USD', 1.78],
    [1500, 'JPY', 1500],
    [-5, 'GBP', -0.05],
    [15000_00, 'HUF', 15000],
  ])('given %i minor units of %s, when made major, then it is %d', (minor, code, major) => {
    expect(toMajor(minor, code)).toBe(major);
  });

  it('given spec prices, when made minor, then they are exact', () => {
    expect(toMinor(1.78, 'USD')).toBe(178);
    expect(toMinor(7.99, 'USD')).toBe(799);
    expect(toMinor(0.29, 'EUR')).toBe(29); // 0.29 * 100 is 28.999... in floating point
    expect(toMinor(13000, 'KRW')).toBe(13000);
    expect(toMinor(1.005, 'USD')).toBe(101); // half away from zero on the written decimal
    expect(toMinor(0, 'USD')).toBe(0);
  });

  it('given any minor amount, when made major and back, then it round-trips', () => {
    fc.assert(
      fc.property(cents, currency, (minor, code) => {
        expect(toMinor(toMajor(minor, code), code)).toBe(minor);
      }),
    );
  });

  it('given bad input, when converted, then it is refused', () => {
    expect(() => toMajor(1.5, 'USD')).toThrow(RangeError);
    expect(() => toMinor(Number.NaN, 'USD')).toThrow(RangeError);
    expect(() => toMinor(1e30, 'USD')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it.each<[number, string, string | undefined, string]>([
    [178, 'USD', undefined, '$1.78'],
    [123456, 'EUR', 'en-US', '€1,234.56'],
    [123456, 'EUR', 'de-DE', '1.234,56\u00a0€'],
    [265, 'JPY', 'en-US', '¥265'],
    [2350, 'KRW', 'en-US', '₩2,350'],
    [39, 'OMR', 'en-US', 'OMR\u00a00.39'], // two decimals as the spec says, not ISO's three
    [-500, 'GBP', 'en-GB', '-£5.00'],
    [5000, 'INR', 'en-IN', '₹50.00'],
    [123456750, 'INR', undefined, '₹12,34,567.50'], // lakhs and crores, the shop's default for rupees
    [123456750, 'USD', undefined, '$1,234,567.50'],
  ])('given %i of %s in %s, when formatted, then it reads %s', (minor, code, locale, text) => {
    expect(formatMoney(minor, code, locale)).toBe(text);
  });

  it('given a zero-decimal currency, when formatted in any locale, then it never shows cents', () => {
    const locale = fc.constantFrom('en-US', 'de-DE', 'fr-FR', 'ja-JP', 'ko-KR', 'en-IN');
    fc.assert(
      fc.property(cents, fc.constantFrom('JPY', 'KRW', 'VND', 'IDR'), locale, (minor, code, loc) => {
        const parts = new Intl.NumberFormat(loc, { style: 'currency', currency: code }).formatToParts(0);
        const decimalSeparator = parts.find((p) => p.type === 'decimal')?.value;
        const text = formatMoney(minor, code, loc);
        // The digits are the amount itself: no "00" of cents appended, no separator before them.
        expect(digitsOf(text)).toBe(Math.abs(minor));
        if (decimalSeparator === '.') expect(text).not.toContain('.');
      }),
    );
  });

  it('given a two-decimal currency, when formatted, then it always shows exactly two decimals', () => {
    fc.assert(
      fc.property(
        cents,
        currency.filter((c) => c !== 'JPY' && c !== 'KRW'),
        (minor, code) => {
          const text = formatMoney(minor, code, 'en-US');
          expect(text).toMatch(/\.\d{2}$/);
          expect(digitsOf(text)).toBe(Math.abs(minor));
        },
      ),
    );
  });

  it('given a fractional amount, when formatted, then it is refused', () => {
    expect(() => formatMoney(1.5, 'USD')).toThrow(RangeError);
  });
});

// Read from the table directly so the expectations are not derived from money.ts.
function ratio(code: CurrencyCode): number {
  return currencyByCode(code).ratePerUsd;
}
function decimalsFor(code: CurrencyCode): number {
  return currencyByCode(code).decimals;
}
