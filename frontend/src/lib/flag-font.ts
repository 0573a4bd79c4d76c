// Windows draws no flag emoji: Chrome, Edge and Firefox there show 🇮🇳 as the letters "IN" beside
// every currency. The polyfill asks a canvas whether this browser draws flags and, only if it does
// not, declares a font of Twemoji flags limited to the flag code points (so it never changes any
// other character), which --font-sans names first. The font comes from our own origin: the CSP
// allows fonts from 'self' only, and a shopper's browser should not call a CDN for a flag.
import { polyfillCountryFlagEmojis } from 'country-flag-emoji-polyfill';
import flagFontUrl from 'country-flag-emoji-polyfill/dist/TwemojiCountryFlags.woff2?url';

/** The family --font-sans names first (global.css). */
export const FLAG_FONT_FAMILY = 'Twemoji Country Flags';

/** True when the browser lacked flags and the font was declared. */
export const declareFlagFont = (): boolean => polyfillCountryFlagEmojis(FLAG_FONT_FAMILY, flagFontUrl);

/** Off the boot path: the canvas check waits until the browser is idle (or 1 s at most). */
export function declareFlagFontWhenIdle(): void {
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback(() => declareFlagFont(), { timeout: 1000 });
  else setTimeout(declareFlagFont, 0);
}
