// Journey: browse home -> category -> product, in real Chromium against the real shop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyForCountry } from '@printshop/shared-events/rules/currencies';
import { shippingAnnouncement } from '@printshop/shared-events/rules/shipping-terms';
import {
  appTookOver,
  brokenImages,
  holdAppScripts,
  openShop,
  recordScreenshot,
  type Shop,
} from './support/browser';
import { TEST_PUBLIC_URL } from '../support/app';
import { client } from './support/orders';
import { restoreSession } from './support/session';

let shop: Shop;
beforeAll(async () => {
  shop = await openShop('e2e-browse');
});
afterAll(() => shop?.close());

describe('browsing', () => {
  it.each([1024, 1366])(
    'given a %i px window, when Prints opens, then every group of links starts at the same height',
    async (width) => {
      const page = await shop.context.newPage();
      try {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(shop.url('/'));
        await page.getByRole('button', { name: 'Prints', expanded: false }).click();
        const groups = page.locator('.nav__panel:not([hidden]) .nav__group');
        await groups.first().waitFor();
        const tops = await groups.evaluateAll((all) =>
          all.map((group) => group.querySelector('li')!.getBoundingClientRect().top),
        );
        expect(tops.length).toBeGreaterThan(1);
        expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(1);
      } finally {
        await page.close();
      }
    },
  );

  it('given a desktop page whose scripts have not run, when Prints is clicked, then its menu opens once the app starts', async () => {
    const page = await shop.context.newPage();
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      const scripts = await holdAppScripts(page);
      await page.goto(shop.url('/'), { waitUntil: 'commit' });
      const prints = page.getByRole('button', { name: 'Prints' });
      await prints.click();
      await expect.poll(scripts.count, { message: 'scripts held' }).toBeGreaterThan(0);
      const panel = page.locator('.nav__panel:not([hidden]) .nav__group').first();
      expect(await panel.isVisible()).toBe(false);
      await scripts.release();
      await panel.waitFor();
      await expect(prints.getAttribute('aria-expanded')).resolves.toBe('true');
    } finally {
      await page.close();
    }
  });

  it('given the home page, when the visitor opens Prints and then a product, then its page shows', async () => {
    const { page } = shop;

    await page.goto(shop.url('/'));
    await page.getByRole('heading', { level: 1, name: /Turn your memories into/ }).waitFor();
    await expect(page.title()).resolves.toBe('PrintShop - Transform Your Memories Into Beautiful Prints');
    // The canonical link names the shop's configured address, in the HTML and once hydrated.
    await appTookOver(page);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${TEST_PUBLIC_URL}/`);
    const structured = await page.locator('script[type="application/ld+json"]').textContent();
    expect(JSON.parse(structured ?? '{}')['@context']).toBe('https://schema.org');
    // The announcement follows the country the server detects for this browser (spec 1 §2).
    const answer = await page.evaluate<{ success: boolean; countryCode?: string }>(
      `fetch('/api/geo/detect-country').then((r) => r.json())`,
    );
    const country = answer.success ? answer.countryCode : null;
    const expected = shippingAnnouncement(country, currencyForCountry(country));
    await page.getByRole('region', { name: 'Announcement' }).getByText(expected).waitFor();

    await page.locator('.product-card, .showcase__message').first().waitFor();
    await recordScreenshot(page, 'home', { fullPage: true });

    // Shop Now goes to the prints category.
    await page.getByRole('link', { name: 'Shop Now' }).click();
    await page.waitForURL('**/prints');
    await page.getByRole('heading', { level: 1, name: 'Prints' }).waitFor();
    const cards = page.locator('.product-card');
    expect(await cards.count()).toBe(10);
    await expect(cards.first().textContent()).resolves.toContain('From $0.69/print');

    await page
      .getByRole('link', { name: /4x6 Photo Prints/ })
      .first()
      .click();
    await page.waitForURL('**/product/4x6-photo-prints');
    await page.getByRole('heading', { level: 1, name: '4x6 Photo Prints' }).waitFor();
    await expect(page.getByTestId('product-price').textContent()).resolves.toBe('$0.39');
    await page.getByText('Upload Your Photos').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await brokenImages(page)).toEqual([]);
    await shop.screenshot('browse-home-category-product');
  });

  it('given an alias of a product, then its page shows; given an unknown product, then home', async () => {
    const { page } = shop;
    await page.goto(shop.url('/product/retro-polaroid-prints'));
    await page.getByRole('heading', { level: 1, name: 'Large Retro Polaroid Prints - White' }).waitFor();
    await page.goto(shop.url('/product/no-such-thing'));
    await page.waitForURL(shop.url('/'));
    await page.goto(shop.url('/some/unknown/page'));
    await page.waitForURL(shop.url('/'));
  });

  it('given a phone-sized screen, the menu drills down into a section and back, and closes', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(shop.url('/'));
      await page.getByRole('button', { name: 'Open Menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.getByRole('button', { name: 'Strips' }).click();
      const section = page.getByRole('dialog', { name: 'Strips' });
      await section.getByRole('link', { name: 'Good Vibes Photo Strip' }).waitFor();
      await recordScreenshot(page, 'mobile-menu');
      await section.getByRole('button', { name: 'Back to Menu' }).click();
      await menu.getByRole('button', { name: 'Close Menu' }).click();
      await expect(menu.count()).resolves.toBe(0);

      // A link in a section navigates and closes the menu.
      await page.getByRole('button', { name: 'Open Menu' }).click();
      await menu.getByRole('button', { name: 'Posters' }).click();
      await page.getByRole('dialog', { name: 'Posters' }).getByRole('link', { name: 'A3 Poster' }).click();
      await page.getByRole('heading', { level: 1, name: 'A3 Poster' }).waitFor();
      await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it.each([
    { firstName: 'Asha', wholeFrom: 1024, whole: 'from 1024 px' },
    { firstName: 'Christopher', wholeFrom: 1080, whole: 'from 1080 px' },
    // Longer than the name's 9rem cap: never whole.
    { firstName: 'Maximiliana-Josephine', wholeFrom: Infinity, whole: 'nowhere' },
  ])(
    'given $firstName signed in, when a desktop window goes from 1024 to 1920 px, then the header shows the first name whole where it has room ($whole), else a few letters of it, else the avatar alone',
    async ({ firstName, wholeFrom }) => {
      const registered = await client(shop.app.url).expectOk(
        'POST',
        '/api/auth/register',
        { email: `${firstName}.header@example.com`, password: 'Shopper123', firstName, lastName: 'Rao' },
        201,
      );
      const context = await shop.context.browser()!.newContext();
      try {
        await restoreSession(context, registered.body as { token: string; user: unknown });
        const page = await context.newPage();
        await page.goto(shop.url('/'));
        const name = page.locator('.user-menu__name');
        await expect.poll(() => name.textContent()).toBe(firstName);
        for (const width of [1024, 1060, 1080, 1152, 1280, 1920]) {
          // Resized in place, as a window is: the name follows the room it has from the next frame.
          await page.setViewportSize({ width, height: 800 });
          await page.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
          );
          // whole, hidden (the avatar alone), a few letters and an ellipsis, or cut to less.
          const verdict = () =>
            name.evaluate((element) => {
              if (element.getBoundingClientRect().width <= 1) return 'hidden';
              // An ellipsis ("A…") is a name wider than its box.
              if (element.clientWidth >= element.scrollWidth) return 'whole';
              const fewLetters = 4.5 * parseFloat(getComputedStyle(element).fontSize);
              return element.clientWidth >= fewLetters ? 'a few letters' : `cut to ${element.clientWidth} px`;
            });
          const where = { message: `${width} px` };
          // Polled: a loaded machine may take more frames to measure again.
          if (width >= wholeFrom) await expect.poll(verdict, where).toBe('whole');
          else await expect.poll(verdict, where).toMatch(/^(whole|a few letters|hidden)$/);
          // Hidden from sight or not, it is the button's name.
          expect(
            await page.getByRole('button', { name: firstName, exact: true }).count(),
            where.message,
          ).toBe(1);
        }
      } finally {
        await context.close();
      }
    },
  );

  it('given a visitor who is not signed in, when they open /account, then they are sent to /login', async () => {
    const { page } = shop;
    await page.goto(shop.url('/account'));
    await page.waitForURL('**/login');
  });
});
