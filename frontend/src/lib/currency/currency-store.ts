// The display currency and the visitor's country (spec 1 §4 "Currency choice", §9). A saved choice
// wins; otherwise the currency of the detected country; otherwise USD. The choice is kept under
// CURRENCY_KEY (spec 2 §3: "a product-specific key holding the currency code"). The country the
// cart ships to works the same way: the one chosen in the cart or at checkout (COUNTRY_KEY), else
// a signed-in customer's default address's, else the detected one, else US. Both are one per browser: every tab of the shop follows a choice made
// in another (use-currency-from-other-tabs.ts).
import { atom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import {
  DEFAULT_CURRENCY,
  currencyForCountry,
  isCurrencyCode,
  type CurrencyCode,
} from '@printshop/shared-events/rules/currencies';
import { readStored, writeStored } from '@/lib/storage';

export const CURRENCY_KEY = 'printshop_currency';
export const COUNTRY_KEY = 'printshop_country';
/** Set while the saved currency is one we detected, not one the visitor picked. */
export const AUTO_DETECTED_KEY = 'printshop_currency_auto_detected';
export const CURRENCY_CHANGED_EVENT = 'currencyChanged';
export const DEFAULT_COUNTRY = 'US';
export const AUTO_DETECT_NOTICE_MS = 8_000;

export function readStoredCurrency(): CurrencyCode | null {
  const stored = readStored(CURRENCY_KEY);
  return isCurrencyCode(stored) ? stored : null;
}

export const currencyAtom = atomWithDefault<CurrencyCode>(() => readStoredCurrency() ?? DEFAULT_CURRENCY);
export const autoDetectedAtom = atomWithDefault<boolean>(() => readStored(AUTO_DETECTED_KEY) === 'true');
/** The 'Currency auto-detected!' notice is showing. */
export const detectNoticeAtom = atom(false);
/** The visitor's country once detected (null: unknown, e.g. detection failed). */
export const detectedCountryAtom = atom<string | null>(null);
const readStoredCountry = (): string | null => {
  const stored = readStored(COUNTRY_KEY);
  return stored && /^[A-Z]{2}$/.test(stored) ? stored : null;
};
/** The country the shopper chose to ship to (null: never chose). */
export const chosenCountryAtom = atomWithDefault<string | null>(readStoredCountry);
/** The signed-in customer's default address's country (null: signed out, or no default address). */
export const accountCountryAtom = atom<string | null>(null);
/** The chosen country, else the account's, else the detected one (null: none of them yet). */
export const knownCountryAtom = atom(
  (get) => get(chosenCountryAtom) ?? get(accountCountryAtom) ?? get(detectedCountryAtom),
);
/** The country the cart is priced for: the chosen one, else the account's default address's, else the detected one, else US (spec 1 §9). */
export const countryAtom = atom((get) => get(knownCountryAtom) ?? DEFAULT_COUNTRY);

/** A country chosen to ship to: saved, and the cart and shipping amounts follow it. */
export const chooseCountryAtom = atom(null, (_get, set, country: string) => {
  if (!/^[A-Z]{2}$/.test(country)) return;
  writeStored(COUNTRY_KEY, country);
  set(chosenCountryAtom, country);
});

export interface CurrencyChangedDetail {
  currency: CurrencyCode;
}

/** A manual choice: saved, the auto-detected flag cleared, and `currencyChanged` broadcast. */
export const chooseCurrencyAtom = atom(null, (_get, set, currency: CurrencyCode) => {
  writeStored(CURRENCY_KEY, currency);
  writeStored(AUTO_DETECTED_KEY, null);
  set(currencyAtom, currency);
  set(autoDetectedAtom, false);
  set(detectNoticeAtom, false);
  globalThis.dispatchEvent?.(
    new CustomEvent<CurrencyChangedDetail>(CURRENCY_CHANGED_EVENT, { detail: { currency } }),
  );
});

/** The keys another tab's choice of currency or country is saved under. */
export const CHOICE_KEYS: readonly string[] = [CURRENCY_KEY, AUTO_DETECTED_KEY, COUNTRY_KEY];

/**
 * Another tab chose: this tab takes the saved currency and country again (nothing valid saved: it
 * keeps its currency, and ships to the detected country). Says what changed here.
 */
export const followSavedChoiceAtom = atom(
  null,
  (get, set): { currency?: CurrencyCode; countryChanged: boolean } => {
    const currency = readStoredCurrency() ?? get(currencyAtom);
    const country = readStoredCountry();
    const changed = {
      ...(currency !== get(currencyAtom) && { currency }),
      countryChanged: country !== get(chosenCountryAtom),
    };
    set(currencyAtom, currency);
    set(autoDetectedAtom, readStored(AUTO_DETECTED_KEY) === 'true');
    set(chosenCountryAtom, country);
    return changed;
  },
);

/** What detection found: the country always; the currency only when nothing was saved. */
export const applyDetectionAtom = atom(null, (_get, set, country: string | null) => {
  set(detectedCountryAtom, country);
  if (readStoredCurrency() !== null || !country) return;
  const currency = currencyForCountry(country);
  writeStored(CURRENCY_KEY, currency);
  writeStored(AUTO_DETECTED_KEY, 'true');
  set(currencyAtom, currency);
  set(autoDetectedAtom, true);
  set(detectNoticeAtom, true);
});
