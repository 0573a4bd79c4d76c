// Journey: every amount on every page is in the chosen currency. For USD, EUR, GBP, JPY and INR the
// visitor picks the currency with the header picker, then visits home, a category, a product page of
// each family (the poster with its bulk table), the shipping page, the cart with items and the
// checkout's payment step; the visible text of each must carry no other currency's symbol or code.
// On the payment step the currency is changed again: the pay button must follow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openShop, type Shop } from './support/browser';
import { addPosterToCart } from './support/cart';
import { fillUsAddress, labelled } from './support/checkout';

let shop: Shop;
beforeAll(async () => {
  shop = await openShop('e2e-currency-everywhere');
  await shop.page.goto(shop.url('/'));
  await addPosterToCart(shop.page, 3);
});
afterAll(() => shop?.close());

type Chosen = 'USD' | 'EUR' | 'GBP' | 'JPY' | 'INR';
/** How each currency shows in text: its symbol (en-US Intl) and its code. */
const MARKS: Record<Chosen, RegExp> = {
  USD: /\$|\bUSD\b/,
  EUR: /€|\bEUR\b/,
  GBP: /£|\bGBP\b/,
  JPY: /¥|\bJPY\b/,
  INR: /₹|\bINR\b|\bRs\.?\s?\d/,
};
const SEARCH: Record<Chosen, string> = { USD: 'usd', EUR: 'euro', GBP: 'gbp', JPY: 'jpy', INR: 'rupee' };

const PAGES: ReadonlyArray<{ path: string; ready: (page: Page) => Promise<unknown> }> = [
  { path: '/', ready: (p) => p.locator('.product-card').first().waitFor() },
  { path: '/prints', ready: (p) => p.locator('.product-card').first().waitFor() },
  { path: '/product/4x6-photo-prints', ready: (p) => p.getByTestId('product-price').waitFor() },
  { path: '/product/large-polaroids', ready: (p) => p.getByTestId('product-price').waitFor() },
  { path: '/product/good-vibes-photo-strip', ready: (p) => p.getByTestId('product-price').waitFor() },
  { path: '/product/greeting-card', ready: (p) => p.getByTestId('product-price').waitFor() },
  {
    path: '/product/poster-a4',
    ready: (p) => p.getByRole('table').filter({ hasText: 'Price per A4 poster' }).waitFor(),
  },
  { path: '/product/template7-collage', ready: (p) => p.getByTestId('collage-total').waitFor() },
  { path: '/shipping-info', ready: (p) => p.getByRole('row', { name: /Germany/ }).waitFor() },
  { path: '/cart', ready: (p) => p.getByRole('heading', { name: 'A4 Poster' }).waitFor() },
];

/** Each foreign currency mark in the page's visible text, with a little of the text around it. */
async function foreignMarks(page: Page, chosen: Chosen): Promise<string[]> {
  const text = await page.evaluate<string>('document.body.innerText');
  const found: string[] = [];
  for (const [code, mark] of Object.entries(MARKS)) {
    if (code === chosen) continue;
    const global = new RegExp(mark.source, 'g');
    for (const match of text.matchAll(global)) {
      const at = match.index ?? 0;
      found.push(`${code}: …${text.slice(Math.max(0, at - 30), at + 20).replace(/\s+/g, ' ')}…`);
    }
  }
  return found;
}

async function pickCurrency(page: Page, code: Chosen) {
  await page.getByRole('button', { name: /Change currency/ }).click();
  await page.getByLabel('Search currencies').fill(SEARCH[code]);
  await page
    .getByRole('dialog', { name: 'Choose a currency' })
    .getByRole('button', { name: new RegExp(code) })
    .click();
  await page.getByRole('button', { name: new RegExp(`^${code}, .+: Change currency`) }).waitFor();
}

const control = labelled;

async function reachPaymentStep(page: Page) {
  await page.goto(shop.url('/checkout'));
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await control(page, 'E-mail').fill('grace@example.com');
  await fillUsAddress(page, 'Grace Hopper');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: /^Pay / }).waitFor();
}

describe('the chosen currency on every page', () => {
  const order: Chosen[] = ['EUR', 'GBP', 'JPY', 'INR', 'USD'];
  it.each(order)(
    'given %s picked in the header, then no page shows another currency',
    async (code) => {
      const { page } = shop;
      await page.goto(shop.url('/'));
      await pickCurrency(page, code);
      const problems: string[] = [];
      for (const { path, ready } of PAGES) {
        await page.goto(shop.url(path));
        await ready(page);
        await page.waitForLoadState('networkidle');
        for (const mark of await foreignMarks(page, code)) problems.push(`${path} ${mark}`);
      }
      await reachPaymentStep(page);
      for (const mark of await foreignMarks(page, code)) problems.push(`/checkout (payment) ${mark}`);
      await shop.screenshot(`currency-everywhere-${code}`);
      expect(problems).toEqual([]);
    },
    240_000,
  );

  it('given the payment step in euros, when the visitor switches to pounds, then the pay button asks for pounds', async () => {
    const { page } = shop;
    await page.goto(shop.url('/'));
    await pickCurrency(page, 'EUR');
    await reachPaymentStep(page);
    await expect(page.getByRole('button', { name: /^Pay / }).textContent()).resolves.toMatch(/€/);
    await pickCurrency(page, 'GBP');
    await expect
      .poll(() => page.getByRole('button', { name: /^Pay / }).textContent(), { timeout: 15_000 })
      .toMatch(/^Pay £\d/);
    expect(await foreignMarks(page, 'GBP')).toEqual([]);
  });
});
