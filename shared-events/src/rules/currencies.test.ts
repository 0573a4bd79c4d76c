import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  POPULAR_CURRENCIES,
  currencyByCode,
  currencyForCountry,
  currencyOrDefault,
  decimalsOf,
  isCurrencyCode,
  noCurrenciesFound,
  searchCurrencies,
  type CurrencyCode,
} from './currencies';

describe('the currency table', () => {
  it('holds USD, the 23 rates of spec 1 §9 and the rupee, exactly', () => {
    const rates = Object.fromEntries(CURRENCIES.map((c) => [c.code, c.ratePerUsd]));
    expect(rates).toEqual({
      USD: 1,
      EUR: 0.92,
      GBP: 0.79,
      AUD: 1.52,
      CAD: 1.36,
      HKD: 7.8,
      SGD: 1.35,
      NZD: 1.64,
      THB: 34.5,
      JPY: 149,
      KRW: 1320,
      MYR: 4.67,
      AED: 3.67,
      SAR: 3.75,
      OMR: 0.385,
      EGP: 30.9,
      MAD: 10.1,
      CHF: 0.88,
      NOK: 10.8,
      SEK: 10.9,
      DKK: 6.86,
      CZK: 22.8,
      RON: 4.56,
      RUB: 92,
      INR: 83.2,
    });
    expect(CURRENCIES).toHaveLength(25);
  });

  it('gives every entry a symbol, a flag, a name and at least one country', () => {
    for (const c of CURRENCIES) {
      expect(c.symbol, c.code).not.toBe('');
      expect(c.flag, c.code).toMatch(/^\p{Regional_Indicator}{2}$/u);
      expect(c.name, c.code).not.toBe('');
      expect(c.countries.length, c.code).toBeGreaterThan(0);
    }
  });

  it('uses zero decimals for JPY, KRW, VND, IDR and two for everything else', () => {
    expect(CURRENCIES.filter((c) => c.decimals === 0).map((c) => c.code)).toEqual(['JPY', 'KRW']);
    expect(CURRENCIES.filter((c) => c.decimals !== 0 && c.decimals !== 2)).toEqual([]);
    expect(['VND', 'IDR', 'jpy'].map(decimalsOf)).toEqual([0, 0, 0]);
    expect(['OMR', 'HUF', 'INR'].map(decimalsOf)).toEqual([2, 2, 2]);
  });

  it('lists the popular currencies of spec 1 §9 in order, all of them display currencies', () => {
    expect(POPULAR_CURRENCIES).toEqual([
      'USD',
      'EUR',
      'GBP',
      'CAD',
      'AUD',
      'JPY',
      'CHF',
      'SGD',
      'HKD',
      'NZD',
    ]);
    expect(POPULAR_CURRENCIES.every(isCurrencyCode)).toBe(true);
  });

  it('maps each country to at most one currency', () => {
    const countries = CURRENCIES.flatMap((c) => c.countries);
    expect(new Set(countries).size).toBe(countries.length);
  });
});

describe('choosing a currency', () => {
  it.each([
    ['DE', 'EUR'],
    ['HR', 'EUR'],
    ['gb', 'GBP'],
    ['JP', 'JPY'],
    ['LI', 'CHF'],
    ['IN', 'INR'], // the rupee is a display currency: UPI and net banking exist only in rupees
    ['HU', 'USD'],
    ['', 'USD'],
    [undefined, 'USD'],
  ])('given country %s, when detected, then the currency is %s', (country, code) => {
    expect(currencyForCountry(country)).toBe(code);
  });

  it('given a stored code, when read, then a valid one is kept and anything else falls back to USD', () => {
    expect(currencyOrDefault('eur')).toBe('EUR');
    expect(currencyOrDefault(' KRW ')).toBe('KRW');
    expect(currencyOrDefault('inr')).toBe('INR');
    expect(currencyOrDefault('HRK')).toBe('USD');
    expect(currencyOrDefault('nonsense')).toBe('USD');
    expect(currencyOrDefault(null)).toBe('USD');
  });

  it('given an unknown code, when looked up, then it is refused', () => {
    expect(() => currencyByCode('XXX' as CurrencyCode)).toThrow(/Unknown currency XXX/);
    expect(isCurrencyCode('usd')).toBe(false);
    expect(isCurrencyCode(42)).toBe(false);
  });
});

describe('the currency picker search', () => {
  it('matches code or name, case-insensitively', () => {
    expect(searchCurrencies('dollar').map((c) => c.code)).toEqual(['USD', 'AUD', 'CAD', 'HKD', 'SGD', 'NZD']);
    expect(searchCurrencies('chf').map((c) => c.code)).toEqual(['CHF']);
    expect(searchCurrencies('KRONE').map((c) => c.code)).toEqual(['NOK', 'DKK']);
    expect(searchCurrencies('  ')).toHaveLength(25);
    expect(searchCurrencies('rupee').map((c) => c.code)).toEqual(['INR']);
  });

  it('given no match, then the list is empty and the message names the query', () => {
    expect(searchCurrencies('zzz')).toEqual([]);
    expect(noCurrenciesFound('zzz')).toBe('No currencies found for "zzz"');
  });
});
