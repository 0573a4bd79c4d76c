// The public pages prerendered at build (build-plugins/prerender.ts): what shows at first paint
// comes from the catalog rules, so no API is needed. Aliases are prerendered too (the shop links
// some of them); their canonical link names the product's own path.
import { CATEGORY_PAGES, PRODUCTS } from '@printshop/shared-events/rules/catalog';

const INFO_PAGES = [
  '/privacy-policy',
  '/terms-of-service',
  '/shipping-info',
  '/returns-refunds',
  '/reviews',
  '/contact',
];

export const PRERENDERED_PATHS: readonly string[] = [
  ...new Set([
    '/',
    ...CATEGORY_PAGES.map((c) => c.path),
    ...PRODUCTS.flatMap((p) => [p.path, ...p.aliases]),
    ...INFO_PAGES,
  ]),
];
