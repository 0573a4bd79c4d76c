// Prerendered pages carry USD prices; a visitor who saved another currency must not see them before
// the app applies it. PRICE_GUARD_SCRIPT goes inline at the top of each prerendered page's <head>
// (build-plugins/prerender.ts, which also writes its CSP hash for the gateway): it reads the saved
// currency as currencyAtom does and, when that is not the default, marks <html> with
// PRICES_PENDING_ATTRIBUTE. global.css then hides every PRICE_ATTRIBUTE element (the <Price>
// component) with visibility: hidden, which keeps the layout. The app removes the mark once it has
// rendered the saved currency (useRevealPrices, after hydration). Safety net: the script itself
// removes the mark after PRICES_PENDING_MAX_MS, so a page whose app never starts (a script error,
// a failed download) does not hide its prices for good; one timer in the one place that sets the
// mark, no CSS animation to keep in step with it.
import { useEffect } from 'react';
import { CURRENCY_CODES, DEFAULT_CURRENCY } from '@printshop/shared-events/rules/currencies';
import { useHydrated } from '@/lib/use-hydrated';
import { CURRENCY_KEY } from './currency-store';

/** On <html> while prices may still be in the default currency instead of the saved one. */
export const PRICES_PENDING_ATTRIBUTE = 'data-prices-pending';
/** On every element showing a price (components/price.tsx). */
export const PRICE_ATTRIBUTE = 'data-price';
/** On the header's currency code: hidden with the prices, so it never says USD beside euros. */
export const CURRENCY_SHOWN_ATTRIBUTE = 'data-currency-shown';
/** The longest the prices stay hidden when the app does not start. */
export const PRICES_PENDING_MAX_MS = 5_000;

const text = (value: string) => JSON.stringify(value);

/**
 * The inline script, as it goes into the HTML byte for byte (its sha256 is allowed by the CSP).
 * Only the display currencies count, as readStoredCurrency(): a saved 'XYZ' shows USD, so nothing
 * is hidden. Storage that throws (private modes) hides nothing.
 */
export const PRICE_GUARD_SCRIPT =
  `(function(){try{var c=localStorage.getItem(${text(CURRENCY_KEY)});` +
  `if(c&&c!==${text(DEFAULT_CURRENCY)}&&${JSON.stringify(CURRENCY_CODES)}.indexOf(c)>=0){` +
  `var d=document.documentElement,a=${text(PRICES_PENDING_ATTRIBUTE)};d.setAttribute(a,"");` +
  `setTimeout(function(){d.removeAttribute(a)},${PRICES_PENDING_MAX_MS})}}catch(e){}})()`;

/** Shows the prices again: the saved currency is on the page. */
export function revealPrices(): void {
  globalThis.document?.documentElement.removeAttribute(PRICES_PENDING_ATTRIBUTE);
}

/**
 * Removes the mark once hydrated: useCurrency() gives the saved currency from the render after
 * hydration on, and this effect runs after that render is on the screen.
 */
export function useRevealPrices(): void {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) revealPrices();
  }, [hydrated]);
}
