// Money is an integer count of a currency's minor units (cents; whole yen and won). Prices are
// stored in USD cents and converted per currency with the rates of currencies.ts.
//
// ROUNDING RULE (the only one used anywhere): a converted amount is rounded half away from zero
// to the target currency's minor unit. The rate is taken as the exact decimal it is written as
// (0.385, not its binary float neighbour), and the arithmetic is done on bigints, so the same
// input gives the same cents in the browser and in Node.
//
// RECONCILIATION RULE: a total in a display currency is never converted from the USD total. Each
// cart line converts its USD unit price, the line amount is that converted unit price times the
// quantity, and the total is the sum of the converted lines (see convertLines). So a displayed
// unit price x quantity equals the displayed line, and the displayed lines add up to the displayed
// total, exactly. The cost is a drift from "convert the USD total" of at most half a minor unit per
// converted amount (money.test.ts proves the bound).

import { currencyByCode, decimalsOf, type CurrencyCode } from './currencies';

function assertMinor(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`${what} must be a whole number of minor units`);
}

/** A finite number as an exact decimal fraction units / 10^k, read from its shortest decimal text. */
function exactDecimal(n: number): { units: bigint; denominator: bigint } {
  if (!Number.isFinite(n)) throw new RangeError(`Not a finite number: ${n}`);
  let text = String(n);
  // String() switches to exponent notation below 1e-6 and above 1e21; toFixed(20) is exact enough there.
  if (/e/i.test(text)) text = n.toFixed(20).replace(/\.?0+$/, '');
  if (/e/i.test(text)) throw new RangeError(`Out of range: ${n}`);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const units = BigInt(whole + fraction) * (negative ? -1n : 1n);
  return { units, denominator: 10n ** BigInt(fraction.length) };
}

/** A bigint result as a safe integer (never -0). */
function checkedNumber(value: bigint): number {
  const result = Number(value) + 0;
  assertMinor(result, 'A result');
  return result;
}

/** numerator / denominator rounded half away from zero; denominator > 0. */
function divideRoundingHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const magnitude = numerator < 0n ? -numerator : numerator;
  let quotient = magnitude / denominator;
  if ((magnitude % denominator) * 2n >= denominator) quotient += 1n;
  return numerator < 0n ? -quotient : quotient;
}

function powerOfTen(decimals: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 6)
    throw new RangeError(`Invalid decimals ${decimals}`);
  return 10n ** BigInt(decimals);
}

function exactRate(ratePerUsd: number): { units: bigint; denominator: bigint } {
  const rate = Number.isFinite(ratePerUsd) && ratePerUsd > 0 ? exactDecimal(ratePerUsd) : undefined;
  if (!rate || rate.units <= 0n) throw new RangeError(`Invalid rate ${ratePerUsd}`);
  return rate;
}

/** USD cents to minor units of a currency with `decimals` digits, at `ratePerUsd` units per USD. */
export function convertFromUsdAtRate(usdCents: number, ratePerUsd: number, decimals: number): number {
  assertMinor(usdCents, 'A USD amount');
  const rate = exactRate(ratePerUsd);
  const numerator = BigInt(usdCents) * rate.units * powerOfTen(decimals);
  return checkedNumber(divideRoundingHalfAwayFromZero(numerator, rate.denominator * 100n));
}

/** Minor units of a currency with `decimals` digits back to USD cents, same rounding rule. */
export function convertToUsdAtRate(minor: number, ratePerUsd: number, decimals: number): number {
  assertMinor(minor, 'An amount');
  const rate = exactRate(ratePerUsd);
  const numerator = BigInt(minor) * 100n * rate.denominator;
  return checkedNumber(divideRoundingHalfAwayFromZero(numerator, rate.units * powerOfTen(decimals)));
}

/** Units per USD by display currency, as the owner set them (catalog-view.ts ratesOf); missing codes keep the seed. */
export type CurrencyRates = Readonly<Partial<Record<CurrencyCode, number>>>;

/** The rate of `currency` in `rates`, else the seed table's (currencies.ts). */
export function rateOf(currency: CurrencyCode, rates?: CurrencyRates): number {
  return rates?.[currency] ?? currencyByCode(currency).ratePerUsd;
}

/** USD cents to minor units of a display currency, at the given rates (the seed's when absent). */
export function convertFromUsd(usdCents: number, currency: CurrencyCode, rates?: CurrencyRates): number {
  return convertFromUsdAtRate(usdCents, rateOf(currency, rates), currencyByCode(currency).decimals);
}

/** Minor units of a display currency to USD cents, at the given rates (the seed's when absent). */
export function convertToUsd(minor: number, currency: CurrencyCode, rates?: CurrencyRates): number {
  return convertToUsdAtRate(minor, rateOf(currency, rates), currencyByCode(currency).decimals);
}

/** Major units for API answers (API.md): 1234 EUR cents -> 12.34; 1500 JPY -> 1500. */
export function toMajor(minor: number, currency: string): number {
  assertMinor(minor, 'An amount');
  // An integer divided by a power of ten is the double nearest the decimal, i.e. already rounded.
  return minor / 10 ** decimalsOf(currency) + 0; // + 0 turns -0 into 0
}

/** Major units (as written in the spec, e.g. 1.78) to minor units, exactly, half away from zero. */
export function toMinor(major: number, currency: string): number {
  const { units, denominator } = exactDecimal(major);
  return checkedNumber(divideRoundingHalfAwayFromZero(units * powerOfTen(decimalsOf(currency)), denominator));
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The shop writes English; rupees are grouped as India groups them, in lakhs and crores
 * (₹12,34,567.50, not ₹1,234,567.50), the way every Indian shopper and bank statement writes them.
 */
const ENGLISH_OF: Readonly<Record<string, string>> = { INR: 'en-IN' };

/** Locale-aware text for an amount; exactly the currency's decimals, so yen and won never show cents. */
export function formatMoney(minor: number, currency: string, locale?: string): string {
  const code = currency.toUpperCase();
  locale ??= ENGLISH_OF[code] ?? 'en-US';
  const key = `${locale}|${code}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const digits = decimalsOf(code);
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(toMajor(minor, code));
}

export interface UsdLine {
  unitUsdCents: number;
  quantity: number;
}

export interface ConvertedLine {
  unitMinor: number;
  quantity: number;
  lineMinor: number;
}

/** Cart lines in a display currency, by the reconciliation rule at the top of this file. */
export function convertLines(
  lines: readonly UsdLine[],
  currency: CurrencyCode,
  rates?: CurrencyRates,
): { lines: ConvertedLine[]; totalMinor: number } {
  const converted = lines.map(({ unitUsdCents, quantity }) => {
    assertMinor(quantity, 'A quantity');
    const unitMinor = convertFromUsd(unitUsdCents, currency, rates);
    return { unitMinor, quantity, lineMinor: unitMinor * quantity };
  });
  return { lines: converted, totalMinor: sumMinor(converted.map((l) => l.lineMinor)) };
}

/** Any USD amounts (lines, a discount, a fee) converted one by one; the total is their sum. */
export function convertAmounts(
  usdCents: readonly number[],
  currency: CurrencyCode,
  rates?: CurrencyRates,
): { amounts: number[]; totalMinor: number } {
  const amounts = usdCents.map((amount) => convertFromUsd(amount, currency, rates));
  return { amounts, totalMinor: sumMinor(amounts) };
}

/** Sum of minor-unit amounts; refuses a result that is no longer an exact integer. */
export function sumMinor(amounts: readonly number[]): number {
  let total = 0;
  for (const amount of amounts) {
    assertMinor(amount, 'An amount');
    total += amount;
  }
  assertMinor(total, 'A total');
  return total;
}
