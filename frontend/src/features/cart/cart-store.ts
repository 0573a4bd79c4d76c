// The cart's reset (spec 1 §4): currency back to USD and country back to US, the saved choice
// forgotten, and every cached cart dropped so the next read starts afresh.
import type { QueryClient } from '@tanstack/react-query';
import { atom } from 'jotai';
import { DEFAULT_CURRENCY } from '@printshop/shared-events/rules/currencies';
import { writeStored } from '@/lib/storage';
import {
  AUTO_DETECTED_KEY,
  CURRENCY_KEY,
  autoDetectedAtom,
  currencyAtom,
  detectedCountryAtom,
} from '@/lib/currency/currency-store';
import { CART_QUERY_ROOT } from '@/lib/cart/get-cart';

export const resetCartAtom = atom(null, (_get, set, queryClient: QueryClient) => {
  writeStored(CURRENCY_KEY, null);
  writeStored(AUTO_DETECTED_KEY, null);
  set(currencyAtom, DEFAULT_CURRENCY);
  set(autoDetectedAtom, false);
  set(detectedCountryAtom, null);
  queryClient.removeQueries({ queryKey: [CART_QUERY_ROOT] });
});
