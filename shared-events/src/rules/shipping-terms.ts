// A country's shipping rule in the shopper's display currency, and the fee it gives: the one source
// of every shipping amount the shop shows or charges (announcement bar, free-shipping banner, cart,
// checkout, product pages, shipping page, and cart-pricing.ts on the server).
//
// Amounts are the rule's own when the display currency is the rule's currency (a British visitor
// sees exactly £8.00 and £40.00); otherwise the rule's amount goes to USD and from there to the
// display currency, each step by the rounding rule of money.ts.
//
// FREE SHIPPING (spec 1 §9): the fee is 0 once the order subtotal BEFORE discounts reaches the
// threshold, both in the display currency. Comparing the displayed subtotal with the displayed
// threshold means "Add X more" and "You have unlocked free shipping!" can never disagree with the
// fee that is charged.

import { ruleIn, type ShopSettings } from './catalog-view';
import { isCurrencyCode, type CurrencyCode } from './currencies';
import {
  convertFromUsd,
  convertToUsdAtRate,
  formatMoney,
  rateOf,
  toMinor,
  type CurrencyRates,
} from './money';
import { decimalsOf } from './currencies';
import {
  hasOwnRule,
  ruleCurrencyRate,
  shippingRuleFor,
  WORLDWIDE_SHIPPING_TEXT,
  type ShippingRule,
} from './shipping';

export interface ShippingTerms {
  rule: ShippingRule;
  /** False when the rest-of-world default applied. */
  listed: boolean;
  currency: CurrencyCode;
  /** Minor units of `currency`. */
  baseRate: number;
  freeShippingThreshold: number | null;
  /** The same two amounts in USD cents. */
  baseRateUsdCents: number;
  freeShippingThresholdUsdCents: number | null;
}

function inDisplay(
  rule: ShippingRule,
  major: number,
  currency: CurrencyCode,
  rates: CurrencyRates | undefined,
): { minor: number; usd: number } {
  const ruleMinor = toMinor(major, rule.currency);
  const ruleRate = isCurrencyCode(rule.currency)
    ? rateOf(rule.currency, rates)
    : ruleCurrencyRate(rule.currency);
  const usd = convertToUsdAtRate(ruleMinor, ruleRate, decimalsOf(rule.currency));
  const sameCurrency = isCurrencyCode(rule.currency) && rule.currency === currency;
  return { minor: sameCurrency ? ruleMinor : convertFromUsd(usd, currency, rates), usd };
}

/**
 * The rule of `country` (rest of world when it has none) with its amounts in `currency`. `settings`:
 * the owner's current shipping settings (catalog-view.ts); without them the code's rules.
 */
export function shippingTermsIn(
  country: string | null | undefined,
  currency: CurrencyCode,
  settings?: ShopSettings | null,
): ShippingTerms {
  const rule = ruleIn(shippingRuleFor(country), settings);
  const rates = settings?.currencyRates;
  const base = inDisplay(rule, rule.baseRate, currency, rates);
  const free =
    rule.freeShippingThreshold === null ? null : inDisplay(rule, rule.freeShippingThreshold, currency, rates);
  return {
    rule,
    listed: hasOwnRule(country),
    currency,
    baseRate: base.minor,
    freeShippingThreshold: free?.minor ?? null,
    baseRateUsdCents: base.usd,
    freeShippingThresholdUsdCents: free?.usd ?? null,
  };
}

/** True when the subtotal before discounts (minor units of the terms' currency) ships free. */
export function shipsFree(terms: ShippingTerms, subtotalBeforeDiscounts: number): boolean {
  return terms.freeShippingThreshold !== null && subtotalBeforeDiscounts >= terms.freeShippingThreshold;
}

/** What is left to add for free shipping; null when the country has no threshold. */
export function remainingForFreeShipping(
  terms: ShippingTerms,
  subtotalBeforeDiscounts: number,
): number | null {
  if (terms.freeShippingThreshold === null) return null;
  return Math.max(0, terms.freeShippingThreshold - subtotalBeforeDiscounts);
}

/**
 * The header announcement (spec 1 §2): the free-shipping threshold of the visitor's country in the
 * chosen currency, or "Worldwide shipping available" for a country without a rule or a threshold.
 */
export function shippingAnnouncement(
  country: string | null | undefined,
  currency: CurrencyCode,
  locale?: string,
  settings?: ShopSettings | null,
): string {
  if (!hasOwnRule(country)) return WORLDWIDE_SHIPPING_TEXT;
  const { freeShippingThreshold } = shippingTermsIn(country, currency, settings);
  if (freeShippingThreshold === null) return WORLDWIDE_SHIPPING_TEXT;
  return `Free shipping on orders over ${formatMoney(freeShippingThreshold, currency, locale)}`;
}
