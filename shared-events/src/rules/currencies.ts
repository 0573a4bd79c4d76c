// The display currencies of spec 1 §9: USD plus 23 rates, each as "units of the currency per 1 USD",
// and the rupee: fulfilment is in India and UPI and net banking exist only in rupees, so a shopper
// must be able to see (and pay) the amount in INR. Prices are stored in USD cents and converted with
// these rates (see money.ts for the rounding rule).

export const CURRENCY_CODES = [
  'USD',
  'EUR',
  'GBP',
  'AUD',
  'CAD',
  'HKD',
  'SGD',
  'NZD',
  'THB',
  'JPY',
  'KRW',
  'MYR',
  'AED',
  'SAR',
  'OMR',
  'EGP',
  'MAD',
  'CHF',
  'NOK',
  'SEK',
  'DKK',
  'CZK',
  'RON',
  'RUB',
  'INR',
] as const;

export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export interface Currency {
  code: CurrencyCode;
  symbol: string;
  /** Flag emoji shown in the currency picker. */
  flag: string;
  name: string;
  /** Units of this currency per 1 USD (spec 1 §9). */
  ratePerUsd: number;
  /** Digits after the decimal point: 0 for JPY, KRW, VND, IDR, else 2 (spec 1 §9). */
  decimals: number;
  /** ISO 3166-1 alpha-2 codes of the countries that use it; drives auto-detection. */
  countries: readonly string[];
}

export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

/** Spec 1 §9 names these four as zero-decimal; VND and IDR are not display currencies but keep the rule whole. */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'IDR']);

/** Decimals of any ISO 4217 code, display currency or not (the shipping rules also use INR, HUF, ...). */
export function decimalsOf(code: string): number {
  return ZERO_DECIMAL.has(code.toUpperCase()) ? 0 : 2;
}

/** The euro countries; Croatia has used the euro since 2023. */
export const EURO_COUNTRIES = [
  'AT',
  'BE',
  'HR',
  'CY',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PT',
  'SK',
  'SI',
  'ES',
] as const;

const entry = (
  code: CurrencyCode,
  symbol: string,
  flag: string,
  name: string,
  ratePerUsd: number,
  countries: readonly string[],
): Currency => ({ code, symbol, flag, name, ratePerUsd, decimals: decimalsOf(code), countries });

export const CURRENCIES: readonly Currency[] = [
  entry('USD', '$', '🇺🇸', 'US Dollar', 1, ['US']),
  entry('EUR', '€', '🇪🇺', 'Euro', 0.92, EURO_COUNTRIES),
  entry('GBP', '£', '🇬🇧', 'British Pound', 0.79, ['GB']),
  entry('AUD', 'A$', '🇦🇺', 'Australian Dollar', 1.52, ['AU']),
  entry('CAD', 'C$', '🇨🇦', 'Canadian Dollar', 1.36, ['CA']),
  entry('HKD', 'HK$', '🇭🇰', 'Hong Kong Dollar', 7.8, ['HK']),
  entry('SGD', 'S$', '🇸🇬', 'Singapore Dollar', 1.35, ['SG']),
  entry('NZD', 'NZ$', '🇳🇿', 'New Zealand Dollar', 1.64, ['NZ']),
  entry('THB', '฿', '🇹🇭', 'Thai Baht', 34.5, ['TH']),
  entry('JPY', '¥', '🇯🇵', 'Japanese Yen', 149, ['JP']),
  entry('KRW', '₩', '🇰🇷', 'South Korean Won', 1320, ['KR']),
  entry('MYR', 'RM', '🇲🇾', 'Malaysian Ringgit', 4.67, ['MY']),
  entry('AED', 'د.إ', '🇦🇪', 'UAE Dirham', 3.67, ['AE']),
  entry('SAR', '﷼', '🇸🇦', 'Saudi Riyal', 3.75, ['SA']),
  entry('OMR', 'ر.ع.', '🇴🇲', 'Omani Rial', 0.385, ['OM']),
  entry('EGP', 'E£', '🇪🇬', 'Egyptian Pound', 30.9, ['EG']),
  entry('MAD', 'DH', '🇲🇦', 'Moroccan Dirham', 10.1, ['MA']),
  entry('CHF', 'CHF', '🇨🇭', 'Swiss Franc', 0.88, ['CH', 'LI']),
  entry('NOK', 'kr', '🇳🇴', 'Norwegian Krone', 10.8, ['NO']),
  entry('SEK', 'kr', '🇸🇪', 'Swedish Krona', 10.9, ['SE']),
  entry('DKK', 'kr', '🇩🇰', 'Danish Krone', 6.86, ['DK']),
  entry('CZK', 'Kč', '🇨🇿', 'Czech Koruna', 22.8, ['CZ']),
  entry('RON', 'lei', '🇷🇴', 'Romanian Leu', 4.56, ['RO']),
  entry('RUB', '₽', '🇷🇺', 'Russian Ruble', 92, ['RU']),
  // Not in the spec's list (chosen): the rupee at its late-2023 rate, beside the spec's rates.
  entry('INR', '₹', '🇮🇳', 'Indian Rupee', 83.2, ['IN']),
];

/** Shown first in the currency picker (spec 1 §9). */
export const POPULAR_CURRENCIES: readonly CurrencyCode[] = [
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
];

const byCode = new Map<string, Currency>(CURRENCIES.map((c) => [c.code, c]));

export function isCurrencyCode(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && byCode.has(code);
}

export function currencyByCode(code: CurrencyCode): Currency {
  const found = byCode.get(code);
  if (!found) throw new RangeError(`Unknown currency ${String(code)}`);
  return found;
}

/** A stored or requested code, or USD when it is missing or not a display currency (spec 1 §4). */
export function currencyOrDefault(code: string | null | undefined): CurrencyCode {
  const upper = code?.trim().toUpperCase();
  return isCurrencyCode(upper) ? upper : DEFAULT_CURRENCY;
}

/** The display currency auto-detected for a visitor's country; USD when none of the 25 is used there. */
export function currencyForCountry(country: string | null | undefined): CurrencyCode {
  const upper = country?.trim().toUpperCase();
  if (!upper) return DEFAULT_CURRENCY;
  return CURRENCIES.find((c) => c.countries.includes(upper))?.code ?? DEFAULT_CURRENCY;
}

/** The picker's search: code or name, case-insensitive (spec 1 §2). */
export function searchCurrencies(query: string): Currency[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...CURRENCIES];
  return CURRENCIES.filter((c) => c.code.toLowerCase().includes(q) || c.name.toLowerCase().includes(q));
}

/** The picker's empty-result text (spec 1 §2). */
export const noCurrenciesFound = (query: string): string => `No currencies found for "${query}"`;
