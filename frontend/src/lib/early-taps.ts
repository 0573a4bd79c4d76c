// A prerendered page shows its buttons before the app can answer them: on a slow phone the
// menu button is there a second or more before React hydrates, and a tap on it did nothing.
// EARLY_TAPS_SCRIPT goes inline in each prerendered page's <head>, after the price guard
// (build-plugins/prerender.ts lists its CSP hash): it keeps the last tap on an element marked
// EARLY_TAP_ATTRIBUTE until main.tsx hands the page to React (stopEarlyTaps), and the component
// that owns the button then plays it once (useEarlyTap, or EarlyTapButton for a plain button). Only
// idempotent actions are marked (opening the menu or the currency search, a bestsellers filter, a
// poster's or collage's tab): a tap pressed twice before the app starts still opens it once.
import { useEffect, useRef } from 'react';
import { useHydrated } from './use-hydrated';

/** On a prerendered button whose early tap is kept: its value names it for useEarlyTap. */
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap';
/** Where the script keeps the tap and how to stop it (a window property: the app reads it once). */
const GLOBAL = '__printshopEarlyTaps';

interface EarlyTaps {
  last: string | null;
  stop(): void;
}

type WithTaps = typeof globalThis & { [GLOBAL]?: EarlyTaps };

/** The inline script, as it goes into the HTML byte for byte (its sha256 is allowed by the CSP). */
export const EARLY_TAPS_SCRIPT =
  `(function(){var t={last:null,stop:function(){document.removeEventListener("click",k,true)}};` +
  `function k(e){var b=e.target&&e.target.closest&&e.target.closest("[${EARLY_TAP_ATTRIBUTE}]");` +
  `if(b)t.last=b.getAttribute(${JSON.stringify(EARLY_TAP_ATTRIBUTE)})}` +
  `document.addEventListener("click",k,true);window.${GLOBAL}=t})()`;

/** From here on React answers taps itself (main.tsx, right before it hydrates). */
export function stopEarlyTaps(): void {
  (globalThis as WithTaps)[GLOBAL]?.stop();
}

/** True once if the last early tap was on the button named `name`. */
export function takeEarlyTap(name: string): boolean {
  const taps = (globalThis as WithTaps)[GLOBAL];
  if (taps?.last !== name) return false;
  taps.last = null;
  return true;
}

/**
 * Plays the early tap on the button named `name` once the app has hydrated; returns the attribute
 * that marks the button (spread it on the prerendered button).
 */
export function useEarlyTap(name: string, play: () => void): Record<typeof EARLY_TAP_ATTRIBUTE, string> {
  const hydrated = useHydrated();
  // The caller's fresh closure each render; the tap itself is taken once, at hydration.
  const latest = useRef(play);
  latest.current = play;
  useEffect(() => {
    if (hydrated && takeEarlyTap(name)) latest.current();
  }, [hydrated, name]);
  return { [EARLY_TAP_ATTRIBUTE]: name };
}
