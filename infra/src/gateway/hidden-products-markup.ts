// Pages are prerendered at build with every product; a product the owner hid later must not show
// on them before the app has loaded the live list (a slow phone). The gateway marks the
// HTML as it sends it: a style hides the cards and menu links of those products (each carries
// `data-sku`) and leaves the markup as built, so the app hydrates the HTML it expects and then drops
// them itself. A page the app renders from scratch (the shell) also names the SKUs in a meta tag,
// read by the app's first render (frontend: lib/catalog/live-catalog.ts).
import { HIDDEN_PRODUCTS_META } from '@printshop/shared-events/rules/catalog';

// SKUs are the catalog's own (A-Z, 0-9, _); anything else is left out rather than escaped.
const SKU = /^[A-Z0-9_]+$/;

/** `html` with the hidden products' cards and links hidden; `forShell` adds the meta tag. */
export function markHiddenProducts(html: string, skus: readonly string[], forShell: boolean): string {
  const safe = skus.filter((sku) => SKU.test(sku));
  if (safe.length === 0) return html;
  const selectors = safe.flatMap((sku) => [`[data-sku="${sku}"]`, `li:has(>[data-sku="${sku}"])`]);
  let head = `<style id="hidden-products">${selectors.join(',')}{display:none!important}</style>`;
  if (forShell) head += `<meta name="${HIDDEN_PRODUCTS_META}" content="${safe.join(' ')}">`;
  const end = html.indexOf('</head>');
  return end === -1 ? head + html : html.slice(0, end) + head + html.slice(end);
}
