// Journey: a product the owner hid leaves the prerendered pages at once, in real Chromium against
// the real shop. Pages are built with every product; the gateway hides the hidden one's cards and
// menu links with a style as it sends them, so a phone whose scripts have not run yet never shows
// it, the app hydrates that HTML without a mismatch, and the product's own page is a 404 that says
// it is no longer available.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api } from '../admin/support';
import { holdAppScripts, recordScreenshot, type Shop } from './support/browser';
import { openShopWithAdmin } from './support/print-files';

const HIDDEN = '4X6PHOTOPRINT';
const SHOWN = '5X7PHOTOPRINT';

let shop: Shop;
let admin: Api;

/** The owner hides or shows the 4x6 print (PATCH /api/admin/catalog/:sku). */
async function setHidden(hidden: boolean): Promise<void> {
  const answer = await admin.call('PATCH', `/api/admin/catalog/${HIDDEN}`, { hidden });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

beforeAll(async () => {
  shop = await openShopWithAdmin('e2e-hidden');
  admin = await adminApi(shop.app);
});
afterAll(() => shop?.close());

describe('a product the owner hid', () => {
  it('given the 4x6 print hidden, when a phone opens Prints before its scripts run, then the card is not shown, and once the app boots it hydrates without errors and the card is gone', async () => {
    await setHidden(true);
    const { page } = shop;
    await page.setViewportSize({ width: 390, height: 844 });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const card = (sku: string) => page.locator(`#root .product-card[data-sku="${sku}"]`);
    const menuLink = page.locator(`#root .nav__link[data-sku="${HIDDEN}"]`);

    const scripts = await holdAppScripts(page);
    try {
      await page.goto(shop.url('/prints'), { waitUntil: 'commit' });
      await page.getByRole('contentinfo').waitFor();
      expect(scripts.count(), 'scripts held').toBeGreaterThan(0);
      // Prerendered with every print: the 4x6 card is in the HTML, but neither it nor its grid
      // cell shows; its link in the header's Prints menu is styled away too.
      expect(await card(HIDDEN).count()).toBe(1);
      expect(await card(HIDDEN).isVisible()).toBe(false);
      expect(await card(HIDDEN).locator('xpath=..').isVisible()).toBe(false);
      expect(await card(SHOWN).isVisible()).toBe(true);
      expect(await menuLink.evaluate((a) => getComputedStyle(a).display)).toBe('none');
      await recordScreenshot(page, 'hidden-product-prints-before-boot-390');
    } finally {
      await scripts.release();
    }
    // Booted: the app has the live list and has dropped the card itself.
    await expect.poll(() => card(HIDDEN).count()).toBe(0);
    expect(await menuLink.count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(await card(SHOWN).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it.each([768, 1280])(
    'given the 4x6 print hidden, when the home page opens at %i px before its scripts run, then its bestseller card is not shown, nor after boot',
    async (width) => {
      const { page } = shop;
      await page.setViewportSize({ width, height: 900 });
      const card = (sku: string) => page.locator(`#root .product-card[data-sku="${sku}"]`);
      const scripts = await holdAppScripts(page);
      try {
        await page.goto(shop.url('/'), { waitUntil: 'commit' });
        await page.getByRole('contentinfo').waitFor();
        expect(await card(HIDDEN).count()).toBe(1);
        expect(await card(HIDDEN).isVisible()).toBe(false);
        expect(await card(SHOWN).isVisible()).toBe(true);
        await recordScreenshot(page, `hidden-product-home-before-boot-${width}`, { fullPage: true });
      } finally {
        await scripts.release();
      }
      await expect.poll(() => card(HIDDEN).count()).toBe(0);
      expect(await card(SHOWN).isVisible()).toBe(true);
    },
  );

  it('given the 4x6 print hidden, when its page is opened, then it is a 404 that says the product is no longer available', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 390, height: 844 });
    const response = await page.goto(shop.url('/product/4x6-photo-prints'));
    expect(response?.status()).toBe(404);
    await page.getByText('This product is no longer available.').waitFor();
    await recordScreenshot(page, 'hidden-product-page-390');
  });

  it('given the 4x6 print hidden, then the sitemap lists the other product pages of the build but not it', async () => {
    const sitemap = (await admin.get('/sitemap.xml')).bytes.toString('utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toContain('/product/5x7-photo-prints-print-photos-online');
    expect(locs).toContain('/prints');
    expect(locs).not.toContain('/product/4x6-photo-prints');
    // Aliases are the same pages: only canonical addresses are listed.
    expect(locs).not.toContain('/product/poster-a4');
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('given the 4x6 print shown again, then its page and card are back', async () => {
    await setHidden(false);
    const { page } = shop;
    // The browser keeps the product list from the visits above, and must revalidate it now.
    const response = await page.goto(shop.url('/product/4x6-photo-prints'));
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: '4x6 Photo Prints' }).waitFor();
    await page.goto(shop.url('/prints'));
    // Once the app has its product list (the revalidated one), the card is still there.
    await page.waitForLoadState('networkidle');
    expect(await page.locator(`#root .product-card[data-sku="${HIDDEN}"]`).isVisible()).toBe(true);
  });
});
