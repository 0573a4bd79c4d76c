// The chosen currency for components, and money formatting by the shared rules (money.ts).
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import {
  convertFromUsd,
  formatMoney,
  toMinor,
  type CurrencyRates,
} from '@printshop/shared-events/rules/money';
import { DEFAULT_CURRENCY, type CurrencyCode } from '@printshop/shared-events/rules/currencies';
import { useHydrated } from '@/lib/use-hydrated';
import { useCurrencyRates } from '@/lib/catalog/live-catalog';
import { autoDetectedAtom, chooseCurrencyAtom, countryAtom, currencyAtom } from './currency-store';

/** USD cents as text in a display currency, by the one rounding rule of money.ts, at `rates` (the owner's). */
export const formatUsdCents = (usdCents: number, currency: CurrencyCode, rates?: CurrencyRates): string =>
  formatMoney(convertFromUsd(usdCents, currency, rates), currency);

/** A USD price in major units (API.md's product `price`) as text in a display currency. */
export const formatUsd = (usd: number, currency: CurrencyCode, rates?: CurrencyRates): string =>
  formatUsdCents(toMinor(usd, 'USD'), currency, rates);

export function useCurrency() {
  // Prerendered prices are in the default currency: the saved one shows once hydrated.
  const saved = useAtomValue(currencyAtom);
  const currency = useHydrated() ? saved : DEFAULT_CURRENCY;
  const country = useAtomValue(countryAtom);
  const autoDetected = useAtomValue(autoDetectedAtom);
  const chooseCurrency = useSetAtom(chooseCurrencyAtom);
  // The owner's rates from GET /api/settings, so the storefront converts as the server prices.
  const rates = useCurrencyRates();
  /** Format a USD amount given in cents. */
  const formatCents = useCallback(
    (usdCents: number) => formatUsdCents(usdCents, currency, rates),
    [currency, rates],
  );
  /** Format a USD amount given in major units (API products). */
  const formatPrice = useCallback((usd: number) => formatUsd(usd, currency, rates), [currency, rates]);
  /** A USD amount in cents as minor units of the chosen currency. */
  const convertCents = useCallback(
    (usdCents: number) => convertFromUsd(usdCents, currency, rates),
    [currency, rates],
  );
  /** Format an amount the server already gave in the chosen currency (cart, orders). */
  const formatAmount = useCallback(
    (major: number, code: string = currency) => formatMoney(toMinor(major, code), code),
    [currency],
  );
  return {
    currency,
    country,
    autoDetected,
    chooseCurrency,
    formatCents,
    formatPrice,
    formatAmount,
    convertCents,
    rates,
  };
}
