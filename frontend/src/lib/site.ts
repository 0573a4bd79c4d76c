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

/** An absolute address of a path on this site (canonical links, structured data). */
export const absoluteUrl = (path: string) => `${globalThis.location?.origin ?? ''}${path}`;

/**
 * absoluteUrl for components. A prerendered page is built without knowing the shop's address, so
 * its links are path-relative (they resolve against the page's own address); they become absolute
 * once the page has hydrated.
 */
export function useAbsoluteUrl(): (path: string) => string {
  return useHydrated() ? absoluteUrl : (path) => path;
}
