// One source for what the pages claim about shipping: the free-shipping threshold and delivery days
// come from the visitor's shipping rule (shipping-terms.ts, as the cart charges). The rating claim
// has its own source, lib/reviews/rating-summary.ts.
import { useEffect, useState } from 'react';
import { arrivesText } from '@printshop/shared-events/rules/delivery';
import { formatMoney } from '@printshop/shared-events/rules/money';
import { useShippingTerms } from './catalog/live-catalog';
import { useCurrency } from './currency/use-currency';

/** Today, read after mount: a page rendered ahead of time (prerendering) must not bake in a date. */
function useToday(): Date | null {
  const [today, setToday] = useState<Date | null>(null);
  useEffect(() => setToday(new Date()), []);
  return today;
}

/**
 * "Arrives 3-9 Dec" for the shipping days given. Before mount (a prerendered page) the date is not
 * known: the text is then "Delivered in 3-7 business days" for readers of the HTML, and `pending`
 * says to keep it out of sight, so a shopper never sees one promise turn into another.
 */
export function useArrives(days: { min: number; max: number }): { text: string; pending: boolean } {
  const today = useToday();
  return today
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
