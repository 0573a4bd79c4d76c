import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EURO_COUNTRIES } from './currencies';
import {
  DOMESTIC_RULE,
  SHIPPING_RULES,
  UNLISTED_COUNTRY_MESSAGE,
  freeShippingBannerThreshold,
  isShippingCountry,
  ruleCurrencyRate,
  shippingAnnouncement,
  shippingFeeIn,
  shippingFor,
  shippingRegions,
  shippingRuleFor,
} from './shipping';

// Spec 1 §9, verbatim.
const FORTY_ONE =
  'US, CA, GB, AU, NZ, SG, HK, JP, KR, TH, MY, AE, CH, NO, SE, DK, AT, BE, HR, CY, CZ, EE, FI, FR, DE, GR, HU, IE, IT, LV, LT, LU, MT, NL, PL, PT, RO, SK, SI, ES, BG'.split(
    ', ',
  );

describe('the shipping countries', () => {
  it('are exactly the 41 of spec 1 §9, and IN has a domestic rule besides', () => {
    expect(FORTY_ONE).toHaveLength(41);
    expect(SHIPPING_RULES.map((r) => r.country)).toEqual(FORTY_ONE);
    expect(FORTY_ONE.every(isShippingCountry)).toBe(true);
    expect(isShippingCountry('IN')).toBe(false);
    expect(shippingRuleFor('IN')).toBe(DOMESTIC_RULE);
    expect(isShippingCountry('BR')).toBe(false);
  });

  it.each([
    ['IN', 'INR', 10, 50, 3, 7],
    ['US', 'USD', 10, 50, 10, 15],
    ['CA', 'CAD', 13, 65, 10, 15],
    ['GB', 'GBP', 8, 40, 10, 14],
    ['SE', 'SEK', 100, 500, 10, 18],
    ['NO', 'NOK', 100, 500, 10, 18],
    ['DK', 'DKK', 70, 350, 10, 18],
    ['CZ', 'CZK', 200, 1000, 10, 18],
    ['PL', 'PLN', 40, 200, 10, 18],
    ['RO', 'RON', 45, 200, 10, 18],
    ['HU', 'HUF', 3500, 15000, 10, 18],
    ['BG', 'BGN', 18, 100, 10, 18],
    ['HR', 'HRK', 70, 350, 10, 18],
    ['AU', 'AUD', 15, 75, 12, 18],
    ['NZ', 'NZD', 16, 80, 14, 20],
    ['JP', 'JPY', 1500, 7500, 8, 12],
    ['KR', 'KRW', 13000, 65000, 8, 12],
    ['SG', 'SGD', 14, 70, 8, 12],
    ['HK', 'HKD', 80, 400, 8, 12],
    ['TH', 'THB', 350, 1800, 8, 12],
    ['MY', 'MYR', 45, 220, 8, 12],
    ['AE', 'AED', 37, 180, 10, 14],
    ['CH', 'CHF', 9, 45, 10, 18],
    ['BR', 'USD', 10, 50, 14, 21], // rest of world
  ])('%s: %s %i, free from %i, %i-%i days', (country, currency, base, free, min, max) => {
    const r = shippingRuleFor(country);
    expect([r.currency, r.baseRate, r.freeShippingThreshold, r.estimatedDays]).toEqual([
      currency,
      base,
      free,
      { min, max },
    ]);
  });

  it('charges the euro countries 9 EUR, free from 45 EUR, in 10-18 days', () => {
    const euroRules = SHIPPING_RULES.filter((r) => r.currency === 'EUR');
    // Croatia uses the euro but its 70/350 rule is written in kuna.
    expect(euroRules.map((r) => r.country).sort()).toEqual(EURO_COUNTRIES.filter((c) => c !== 'HR').sort());
    for (const r of euroRules) {
      expect([r.baseRate, r.freeShippingThreshold, r.estimatedDays], r.country).toEqual([
        9,
        45,
        { min: 10, max: 18 },
      ]);
    }
  });

  it('has a rate for every rule currency', () => {
    for (const r of [...SHIPPING_RULES, DOMESTIC_RULE])
      expect(ruleCurrencyRate(r.currency)).toBeGreaterThan(0);
    expect(() => ruleCurrencyRate('XYZ')).toThrow(/No rate/);
  });
});

describe('shippingFor', () => {
  // [country, subtotal USD cents, fee in the rule currency's minor units, fee in USD cents]
  it.each([
    ['US', 4999, 1000, 1000], // below 50 USD
    ['US', 5000, 0, 0], // at the threshold
    ['US', 5001, 0, 0], // above
    ['GB', 5062, 800, 1013], // 39.99 GBP; 8 GBP = 10.1266 USD
    ['GB', 5063, 0, 0], // 39.9977 GBP rounds to 40.00
    ['DE', 4890, 900, 978], // 44.99 EUR
    ['DE', 4891, 0, 0], // 45.00 EUR
    ['JP', 5033, 1500, 1007], // 7,499 yen
    ['JP', 5034, 0, 0], // 7,501 yen
    ['HU', 4225, 350000, 986], // 14,998.75 HUF (HUF is not a display currency)
    ['HU', 4226, 0, 0], // 15,002.30 HUF
    ['IN', 60, 1000, 12], // 49.92 INR
    ['IN', 61, 0, 0], // 50.75 INR
    ['HR', 5049, 7000, 1010], // 349.98 HRK
    ['HR', 5050, 0, 0],
    ['BR', 4999, 1000, 1000], // rest of world
    ['BR', 5000, 0, 0],
    ['US', 0, 1000, 1000], // an empty subtotal still quotes the fee
  ])('%s with a %i cent subtotal pays %i (%i USD cents)', (country, subtotal, feeMinor, feeUsd) => {
    const quote = shippingFor(country, subtotal);
    expect([quote.feeMinor, quote.feeUsdCents, quote.isFree]).toEqual([feeMinor, feeUsd, feeMinor === 0]);
  });

  it('answers the shippingInfo fields of API.md', () => {
    expect(shippingFor('gb', 1000)).toEqual({
      country: 'GB',
      countryName: 'United Kingdom',
      zone: 'europe',
      currency: 'GBP',
      baseRate: 8,
      freeShippingThreshold: 40,
      isFree: false,
      estimatedDays: { min: 10, max: 14 },
      listed: true,
      feeMinor: 800,
      feeUsdCents: 1013,
      subtotalMinor: 790,
    });
  });

  it('falls back to the rest-of-world rule for an unlisted country, keeping its code', () => {
    expect(shippingFor('br', 100)).toMatchObject({
      country: 'BR',
      countryName: 'Rest of World',
      zone: 'rest_of_world',
      listed: false,
    });
    expect(shippingFor(undefined, 100)).toMatchObject({ country: 'ZZ', listed: false });
    expect(UNLISTED_COUNTRY_MESSAGE).toBe(
      "Don't see your country? We're working on expanding our shipping network.",
    );
  });

  it('charges the flat base rate or nothing, whatever the subtotal', () => {
    const country = fc.constantFrom(...FORTY_ONE, 'IN', 'BR');
    fc.assert(
      fc.property(
        country,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (c, a, b) => {
          const low = shippingFor(c, a);
          const high = shippingFor(c, a + b);
          expect([0, shippingFor(c, 0).feeMinor]).toContain(low.feeMinor);
          // Free shipping, once reached, stays reached for larger subtotals.
          if (low.isFree) expect(high.isFree).toBe(true);
        },
      ),
    );
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses a subtotal of %d', (subtotal) => {
    expect(() => shippingFor('US', subtotal)).toThrow(RangeError);
  });
});

describe('the fee in a display currency', () => {
  it('is the rule amount itself when the currencies match, else the USD fee converted', () => {
    const gb = shippingFor('GB', 1000);
    expect(shippingFeeIn(gb, 'GBP')).toBe(800);
    expect(shippingFeeIn(gb, 'USD')).toBe(1013);
    expect(shippingFeeIn(gb, 'EUR')).toBe(932); // 10.13 USD x 0.92
    const kr = shippingFor('KR', 1000);
    expect(shippingFeeIn(kr, 'KRW')).toBe(13000); // not 13,002 via 9.85 USD
    expect(shippingFeeIn(shippingFor('GB', 10_000), 'JPY')).toBe(0);
  });
});

describe('announcements and banners', () => {
  it.each([
    ['US', 'Free shipping on orders over $50.00'],
    ['DE', 'Free shipping on orders over €45.00'],
    ['JP', 'Free shipping on orders over ¥7,500'],
    ['HU', 'Free shipping on orders over HUF\u00a015,000.00'],
    ['IN', 'Free shipping on orders over ₹50.00'],
    ['BR', 'Worldwide shipping available'],
    [undefined, 'Worldwide shipping available'],
  ])('the header for %s reads %j', (country, text) => {
    expect(shippingAnnouncement(country)).toBe(text);
  });

  it('formats the announcement for the visitor locale', () => {
    expect(shippingAnnouncement('DE', 'de-DE')).toBe('Free shipping on orders over 45,00\u00a0€');
  });

  it('puts the banner threshold at the setting, or 50 USD, converted', () => {
    expect(freeShippingBannerThreshold('USD')).toEqual({ minor: 5000, text: '$50.00' });
    expect(freeShippingBannerThreshold('EUR', null)).toEqual({ minor: 4600, text: '€46.00' });
    expect(freeShippingBannerThreshold('JPY', 7500)).toEqual({ minor: 11175, text: '¥11,175' });
  });
});

describe('the footer regions', () => {
  it('group the 41 countries into North America, Europe, Asia Pacific and Middle East with counts', () => {
    const regions = shippingRegions();
    expect(regions.map((r) => [r.name, r.count])).toEqual([
      ['North America', 2],
      ['Europe', 30],
      ['Asia Pacific', 8],
      ['Middle East', 1],
    ]);
    expect(regions.flatMap((r) => r.countries.map((c) => c.code)).sort()).toEqual([...FORTY_ONE].sort());
    expect(regions[0]?.countries).toEqual([
      { code: 'CA', name: 'Canada' },
      { code: 'US', name: 'United States' },
    ]);
  });
});
