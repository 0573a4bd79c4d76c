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

/** "Arrives 3-9 Dec" for the shipping days given; "Delivered in 3-7 business days" before mount. */
export function useArrives(days: { min: number; max: number }): string {
  const today = useToday();
  return today ? arrivesText(today, days) : `Delivered in ${days.min}-${days.max} business days`;
}

export function useShippingClaims(countryOverride?: string) {
  const { currency, country } = useCurrency();
  const terms = useShippingTerms(countryOverride ?? country, currency);
  const threshold = terms.freeShippingThreshold;
  const days = terms.rule.estimatedDays;
  return {
    freeShippingOver: threshold === null ? null : formatMoney(threshold, currency),
    days,
    arrives: useArrives(days),
    countryName: terms.listed ? terms.rule.countryName : null,
  };
}
