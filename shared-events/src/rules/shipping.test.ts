import { describe, expect, it } from 'vitest';
import { EURO_COUNTRIES } from './currencies';
import {
  DOMESTIC_RULE,
  SHIPPING_RULES,
  UNLISTED_COUNTRY_MESSAGE,
  isShippingCountry,
  ruleCurrencyRate,
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
    ['IN', 'INR', 99, 999, 3, 7],
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

  it('charges every euro country, Croatia included, 9 EUR, free from 45 EUR, in 10-18 days', () => {
    const euroRules = SHIPPING_RULES.filter((r) => r.currency === 'EUR');
    // Croatia's kuna rule (70/350 HRK = 9.29/46.45 EUR) became the euro countries' 9/45.
    expect(euroRules.map((r) => r.country).sort()).toEqual([...EURO_COUNTRIES].sort());
    for (const r of euroRules) {
      expect([r.baseRate, r.freeShippingThreshold, r.estimatedDays], r.country).toEqual([
        9,
        45,
        { min: 10, max: 18 },
      ]);
    }
  });

  it('uses only currencies that exist today (no kuna since 2023)', () => {
    expect(SHIPPING_RULES.map((r) => r.currency)).not.toContain('HRK');
  });

  it('has a rate for every rule currency', () => {
    for (const r of [...SHIPPING_RULES, DOMESTIC_RULE])
      expect(ruleCurrencyRate(r.currency)).toBeGreaterThan(0);
    expect(() => ruleCurrencyRate('XYZ')).toThrow(/No rate/);
  });
});

describe('an unlisted country', () => {
  it('gets the rest-of-world rule and the note of spec 1 §8', () => {
    expect(shippingRuleFor('br')).toMatchObject({ country: 'ZZ', zone: 'rest_of_world' });
    expect(UNLISTED_COUNTRY_MESSAGE).toBe(
      "Don't see your country? We're working on expanding our shipping network.",
    );
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
