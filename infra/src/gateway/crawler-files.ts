// What search engines read before the pages: robots.txt (the public pages are theirs to crawl; the
// account, cart, checkout, admin and API are not) and sitemap.xml (every prerendered page at its
// canonical address, without a product's aliases and without the products the owner hid). Both
// name the shop by its configured address (PUBLIC_URL), never by the request's Host header.
// escape-html's entities (&amp; &lt; &gt; &quot; &#39;) are XML's too.
import escapeHtml from 'escape-html';
import { productByPath } from '@printshop/shared-events/rules/catalog';

/** Routes of a visitor's own (or of staff): not for an index. */
const PRIVATE_PREFIXES = [
  '/account',
  '/admin',
  '/api/',
  '/cart',
  '/checkout',
  '/login',
  '/order-confirmation',
  '/register',
  '/reset-password',
  '/forgot-password',
  '/search',
  '/track-order',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The prerendered `pages` that are canonical (not an alias of a product's page) and not hidden. */
export function sitemapPaths(pages: Iterable<string>, hiddenSkus: readonly string[]): string[] {
  return [...pages].filter((page) => {
    const product = page === '/' ? undefined : productByPath(page);
    return !product || (product.path === page && !hiddenSkus.includes(product.sku));
  });
}

export function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `<url><loc>${escapeHtml(publicUrl + (p === '/' ? '/' : p))}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
