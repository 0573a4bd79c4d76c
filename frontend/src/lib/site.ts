import { SHOP_ORIGIN_META } from '@printshop/shared-events/shop-origin';
import { useHydrated } from './use-hydrated';

// Shop-wide constants shown in the shell (spec 1 §1).
export const SITE_NAME = 'PrintShop';
export const SITE_TAGLINE = 'Transform Your Memories Into Beautiful Prints';
export const SUPPORT_EMAIL = 'support@printshop.example';
export const POSTAL_ADDRESS = [
  'PrintShop Studio',
  '42 MG Road, Indiranagar',
  'Bengaluru, Karnataka 560038',
  'India',
];
/** Only what checkout offers (payment-methods.ts). */
export { PAYMENT_METHOD_NAMES as PAYMENT_METHODS } from './payment-methods';

/** The build's prerender step writes addresses against a placeholder (setPrerenderOrigin). */
let prerenderOrigin: string | undefined;
export const setPrerenderOrigin = (origin: string) => {
  prerenderOrigin = origin;
};

/** The shop's configured address, as the gateway names it in the page (shop-origin.ts). */
function shopOrigin(): string | undefined {
  if (prerenderOrigin !== undefined) return prerenderOrigin;
  const meta = globalThis.document?.querySelector(`meta[name="${SHOP_ORIGIN_META}"]`);
  return meta?.getAttribute('content') ?? undefined;
}

/** An absolute address of a path on this site (canonical links, structured data). */
export const absoluteUrl = (path: string) => `${shopOrigin() ?? globalThis.location?.origin ?? ''}${path}`;

/**
 * absoluteUrl for components. A prerendered page names the shop's address in the HTML the gateway
 * sends, so hydration renders the addresses it holds; a page served without one (no PUBLIC_URL) has
 * path-relative links, which become absolute against the page's own origin once it has hydrated.
 */
export function useAbsoluteUrl(): (path: string) => string {
  const hydrated = useHydrated();
  return hydrated || shopOrigin() !== undefined ? absoluteUrl : (path) => path;
}
