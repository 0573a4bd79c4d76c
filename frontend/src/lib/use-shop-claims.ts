// One source for what the pages claim about shipping: the free-shipping threshold and delivery days
// come from the visitor's shipping rule (shipping-terms.ts, as the cart charges). The rating claim
// has its own source, lib/reviews/rating-summary.ts.
import { useState } from 'react';
import { arrivesText } from '@printshop/shared-events/rules/delivery';
import { formatMoney } from '@printshop/shared-events/rules/money';
import { useShippingTerms } from './catalog/live-catalog';
import { useCurrency } from './currency/use-currency';
import { useHydrated } from './use-hydrated';

/**
 * "Arrives 3-9 Dec" for the shipping days given. A prerendered page cannot know the day it is read:
 * until it hydrates the text is "Delivered in 3-7 business days" for readers of the HTML, and
 * `pending` says to keep it out of sight, so a shopper never sees one promise turn into another.
 */
export function useArrives(days: { min: number; max: number }): { text: string; pending: boolean } {
  const [today] = useState(() => new Date());
  return useHydrated()
    ? { text: arrivesText(today, days), pending: false }
    : { text: `Delivered in ${days.min}-${days.max} business days`, pending: true };
}

export function useShippingClaims(countryOverride?: string) {
  const { currency, country } = useCurrency();
  const terms = useShippingTerms(countryOverride ?? country, currency);
  const threshold = terms.freeShippingThreshold;
  return {
    freeShippingOver: threshold === null ? null : formatMoney(threshold, currency),
    days: terms.rule.estimatedDays,
    countryName: terms.listed ? terms.rule.countryName : null,
  };
}
