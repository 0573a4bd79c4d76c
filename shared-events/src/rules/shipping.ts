// Shipping rules of spec 1 §9: a flat base rate per country, or nothing once the order subtotal
// reaches the country's free-shipping threshold. Rates and thresholds are in the country's local
// currency ("thresholds appear to be in local units"); additionalItemRate is kept but never applied.
// shipping-terms.ts turns a rule into amounts of the display currency and decides the fee.

import { currencyByCode, isCurrencyCode } from './currencies';

export type Zone = 'domestic' | 'north_america' | 'europe' | 'asia_pacific' | 'middle_east' | 'rest_of_world';

export interface ShippingRule {
  country: string;
  countryName: string;
  zone: Zone;
  /** The local currency the amounts below are in. */
  currency: string;
  /** Major units of `currency`, as spec 1 §9 writes them. */
  baseRate: number;
  additionalItemRate: number;
  freeShippingThreshold: number | null;
  estimatedDays: { min: number; max: number };
}

/**
 * Rates (units per 1 USD) of rule currencies that are not display currencies, so their amounts can
 * be shown in a display currency. Chosen to sit with the display rates of spec 1 §9:
 *   HUF 355    forint, late 2023
 *   PLN 4.0    zloty, late 2023
 *   BGN 1.7994 the lev's fixed 1.95583 per euro x EUR 0.92
 * (INR is a display currency now, see currencies.ts.)
 */
export const RULE_ONLY_RATES: Readonly<Record<string, number>> = {
  HUF: 355,
  PLN: 4.0,
  BGN: 1.7994,
};

/** Units of any rule currency per 1 USD. */
export function ruleCurrencyRate(code: string): number {
  if (isCurrencyCode(code)) return currencyByCode(code).ratePerUsd;
  const rate = RULE_ONLY_RATES[code];
  if (rate === undefined) throw new RangeError(`No rate for rule currency ${code}`);
  return rate;
}

// The spec gives no additional-item rates and never applies them; 0 is stored for the record.
const rule = (
  country: string,
  countryName: string,
  zone: Zone,
  currency: string,
  baseRate: number,
  freeShippingThreshold: number | null,
  min: number,
  max: number,
): ShippingRule => ({
  country,
  countryName,
  zone,
  currency,
  baseRate,
  additionalItemRate: 0,
  freeShippingThreshold,
  estimatedDays: { min, max },
});

// Delivery days the spec leaves open (chosen): the other European countries take the euro
// countries' 10-18; JP, KR, HK, TH and MY take Singapore's 8-12. CH has no rule in the spec at all
// (chosen): 9/45 CHF, like the euro countries, at a similar rate.
const euro = (country: string, name: string) => rule(country, name, 'europe', 'EUR', 9, 45, 10, 18);
const europe = (country: string, name: string, currency: string, base: number, free: number) =>
  rule(country, name, 'europe', currency, base, free, 10, 18);
const asia = (country: string, name: string, currency: string, base: number, free: number) =>
  rule(country, name, 'asia_pacific', currency, base, free, 8, 12);

/** The 41 shipping countries, in the order of spec 1 §9. */
export const SHIPPING_RULES: readonly ShippingRule[] = [
  rule('US', 'United States', 'north_america', 'USD', 10, 50, 10, 15),
  rule('CA', 'Canada', 'north_america', 'CAD', 13, 65, 10, 15),
  rule('GB', 'United Kingdom', 'europe', 'GBP', 8, 40, 10, 14),
  rule('AU', 'Australia', 'asia_pacific', 'AUD', 15, 75, 12, 18),
  rule('NZ', 'New Zealand', 'asia_pacific', 'NZD', 16, 80, 14, 20),
  rule('SG', 'Singapore', 'asia_pacific', 'SGD', 14, 70, 8, 12),
  asia('HK', 'Hong Kong', 'HKD', 80, 400),
  asia('JP', 'Japan', 'JPY', 1500, 7500),
  asia('KR', 'South Korea', 'KRW', 13000, 65000),
  asia('TH', 'Thailand', 'THB', 350, 1800),
  asia('MY', 'Malaysia', 'MYR', 45, 220),
  rule('AE', 'United Arab Emirates', 'middle_east', 'AED', 37, 180, 10, 14),
  europe('CH', 'Switzerland', 'CHF', 9, 45),
  europe('NO', 'Norway', 'NOK', 100, 500),
  europe('SE', 'Sweden', 'SEK', 100, 500),
  europe('DK', 'Denmark', 'DKK', 70, 350),
  euro('AT', 'Austria'),
  euro('BE', 'Belgium'),
  // The spec's 70/350 are kuna; the kuna was replaced by the euro on 1 January 2023 at a fixed
  // 7.5345 per euro, i.e. 9.29/46.45 EUR. Rounded to the other euro countries' 9/45 (chosen), so
  // every euro country ships on the same terms.
  euro('HR', 'Croatia'),
  euro('CY', 'Cyprus'),
  europe('CZ', 'Czech Republic', 'CZK', 200, 1000),
  euro('EE', 'Estonia'),
  euro('FI', 'Finland'),
  euro('FR', 'France'),
  euro('DE', 'Germany'),
  euro('GR', 'Greece'),
  europe('HU', 'Hungary', 'HUF', 3500, 15000),
  euro('IE', 'Ireland'),
  euro('IT', 'Italy'),
  euro('LV', 'Latvia'),
  euro('LT', 'Lithuania'),
  euro('LU', 'Luxembourg'),
  euro('MT', 'Malta'),
  euro('NL', 'Netherlands'),
  europe('PL', 'Poland', 'PLN', 40, 200),
  euro('PT', 'Portugal'),
  europe('RO', 'Romania', 'RON', 45, 200),
  euro('SK', 'Slovakia'),
  euro('SI', 'Slovenia'),
  euro('ES', 'Spain'),
  europe('BG', 'Bulgaria', 'BGN', 18, 100),
];

/**
 * Fulfilment is in India; it has a rule but is not one of the 41 "We Ship Worldwide" countries.
 * Rupee amounts of their own (chosen): ₹99 flat, free from ₹999 — the dollar figures copied as
 * rupees (₹10, free from ₹50) made shipping in India free for every real order.
 */
export const DOMESTIC_RULE: ShippingRule = rule('IN', 'India', 'domestic', 'INR', 99, 999, 3, 7);

/** Any country without a rule of its own. */
export const REST_OF_WORLD_RULE: ShippingRule = rule(
  'ZZ',
  'Rest of World',
  'rest_of_world',
  'USD',
  10,
  50,
  14,
  21,
);

export const UNLISTED_COUNTRY_MESSAGE =
  "Don't see your country? We're working on expanding our shipping network.";
export const WORLDWIDE_SHIPPING_TEXT = 'Worldwide shipping available';

/** GET /api/settings' freeShippingThresholdUsd when none is configured: 50 USD (spec 1 §9). */
export const DEFAULT_FREE_SHIPPING_THRESHOLD_USD_CENTS = 5000;

const rulesByCountry = new Map<string, ShippingRule>(
  [...SHIPPING_RULES, DOMESTIC_RULE].map((r) => [r.country, r]),
);

const normalise = (country: string | null | undefined) => (country ?? '').trim().toUpperCase();

/** True for the 41 countries of spec 1 §9 (IN has a rule but is domestic, not listed). */
export function isShippingCountry(country: string | null | undefined): boolean {
  const code = normalise(country);
  return code !== 'IN' && rulesByCountry.has(code);
}

/** True when the country has a rule of its own (the 41 and IN). */
export function hasOwnRule(country: string | null | undefined): boolean {
  return rulesByCountry.has(normalise(country));
}

/** The country's own rule (the 41 and IN), else the rest-of-world default. */
export function shippingRuleFor(country: string | null | undefined): ShippingRule {
  return rulesByCountry.get(normalise(country)) ?? REST_OF_WORLD_RULE;
}

export type RegionName = 'North America' | 'Europe' | 'Asia Pacific' | 'Middle East';

export interface ShippingRegion {
  name: RegionName;
  countries: { code: string; name: string }[];
  count: number;
}

const REGION_ZONES: readonly [RegionName, Zone][] = [
  ['North America', 'north_america'],
  ['Europe', 'europe'],
  ['Asia Pacific', 'asia_pacific'],
  ['Middle East', 'middle_east'],
];

/** The footer's "We Ship Worldwide" groups with their counts (spec 1 §1). */
export function shippingRegions(): ShippingRegion[] {
  return REGION_ZONES.map(([name, zone]) => {
    const countries = SHIPPING_RULES.filter((r) => r.zone === zone)
      .map((r) => ({ code: r.country, name: r.countryName }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
    return { name, countries, count: countries.length };
  });
}
