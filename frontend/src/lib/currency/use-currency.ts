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
import {
  DEFAULT_COUNTRY,
  autoDetectedAtom,
  chooseCountryAtom,
  chooseCurrencyAtom,
  countryAtom,
  currencyAtom,
} from './currency-store';

/** USD cents as text in a display currency, by the one rounding rule of money.ts, at `rates` (the owner's). */
export const formatUsdCents = (usdCents: number, currency: CurrencyCode, rates?: CurrencyRates): string =>
  formatMoney(convertFromUsd(usdCents, currency, rates), currency);

/** A USD price in major units (API.md's product `price`) as text in a display currency. */
export const formatUsd = (usd: number, currency: CurrencyCode, rates?: CurrencyRates): string =>
  formatUsdCents(toMinor(usd, 'USD'), currency, rates);

export function useCurrency() {
  // Prerendered prices are in the default currency and country: the saved ones show once hydrated.
  const hydrated = useHydrated();
  const saved = useAtomValue(currencyAtom);
  const currency = hydrated ? saved : DEFAULT_CURRENCY;
  const savedCountry = useAtomValue(countryAtom);
  const country = hydrated ? savedCountry : DEFAULT_COUNTRY;
  const autoDetected = useAtomValue(autoDetectedAtom);
  const chooseCurrency = useSetAtom(chooseCurrencyAtom);
  const chooseCountry = useSetAtom(chooseCountryAtom);
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
    chooseCountry,
    formatCents,
    formatPrice,
    formatAmount,
    convertCents,
    rates,
  };
}
