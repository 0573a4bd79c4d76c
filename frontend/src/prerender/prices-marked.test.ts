// Every price of the public pages, as prerendered (render-page.tsx, the build's own renderer),
// carries the price marker (components/price.tsx), so the price guard can hide them all while a
// visitor's saved currency is not yet applied (lib/currency/price-guard.ts).
import { describe, expect, it } from 'vitest';
import { PRICE_ATTRIBUTE } from '@/lib/currency/price-guard';
import { renderPage } from './render-page';

// One page of each kind that shows prices: home, a category, a standard product, a strip, a poster
// (bulk-discount table), a collage (product details), a greeting card, and the shipping page.
const PAGES = [
  '/',
  '/posters',
  '/product/4x6-photo-prints',
  '/strips/white-photo-strips',
  '/product/customized-poster-a4-print-custom-posters-online',
  '/product/template-collage',
  '/product/greeting-card',
  '/shipping-info',
];
const MONEY = /[$€£¥₹]\s?\d/;

/** The visible text of the page's body with a price in it that no marked element holds. */
function unmarkedPrices(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  const found: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, template')) continue;
    if (MONEY.test(node.textContent ?? '') && !parent.closest(`[${PRICE_ATTRIBUTE}]`)) {
      found.push(`<${parent.tagName.toLowerCase()} class="${parent.className}">${node.textContent}`);
    }
  }
  return found;
}

describe('prices on the prerendered pages', () => {
  it.each(PAGES)('given %s as prerendered, then every price in it carries the price marker', async (path) => {
    const { html } = await renderPage(path);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelectorAll(`[${PRICE_ATTRIBUTE}]`).length, 'prices on the page').toBeGreaterThan(0);
    expect(unmarkedPrices(html)).toEqual([]);
  });
});
