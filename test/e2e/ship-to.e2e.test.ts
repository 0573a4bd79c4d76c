// Journey: a shopper in India whose country the shop cannot detect (here: none, so the US rule)
// pays in rupees. The cart must not charge them American shipping: they choose India under
// "Shipping to", and the cart, the announcement bar and the checkout follow, after a reload too;
// the country they then pick for the address at checkout is where the cart ships from then on. A
// signed-in customer who never chose ships to their default address's country.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openShop, type Shop } from './support/browser';
import { addPosterToCart } from './support/cart';
import { labelled } from './support/checkout';
import { restoreSession } from './support/session';

let shop: Shop;
beforeAll(async () => {
  shop = await openShop('e2e-ship-to');
  await shop.page.goto(shop.url('/'));
  await shop.page.evaluate(() => localStorage.setItem('printshop_currency', 'INR'));
  await addPosterToCart(shop.page, 2);
});
afterAll(() => shop?.close());

const shippingFee = (page: Page) =>
  page.locator('.cart-view__summary .order-totals__row', { hasText: 'Shipping' }).locator('dd').innerText();
const shipTo = (page: Page) => page.getByRole('combobox', { name: 'Shipping to' });
const announcement = (page: Page) => page.getByRole('region', { name: 'Announcement' }).innerText();

describe('choosing where the cart ships', () => {
  it('given rupees and no detected country, when India is chosen in the cart, then shipping is the domestic ₹99 and stays after a reload', async () => {
    const { page } = shop;
    await page.goto(shop.url('/cart'));
    await expect.poll(() => shipTo(page).inputValue()).toBe('US');
    const american = await shippingFee(page);
    expect(american).toMatch(/^₹/);
    expect(american).not.toBe('₹99.00');

    await shipTo(page).selectOption({ label: 'India' });
    await expect.poll(() => shippingFee(page)).toBe('₹99.00');
    await expect.poll(() => announcement(page)).toContain('Free shipping on orders over ₹999.00');
    await expect
      .poll(() => page.getByText(/more for free shipping/).innerText())
      .toMatch(/^Add ₹[\d,.]+ more/);
    await shop.screenshot('ship-to-india-cart');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => shipTo(page).inputValue()).toBe('IN');
    await expect.poll(() => shippingFee(page)).toBe('₹99.00');
    // Reached by keyboard from the top, the field scrolls into view above the fixed Proceed bar.
    // (The page scrolls smoothly: the field's place is read once the scroll has come to rest.)
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await shipTo(page).focus();
    const bar = page.getByRole('link', { name: 'Proceed to Checkout' });
    await expect
      .poll(async () => {
        const [field, above] = await Promise.all([shipTo(page).boundingBox(), bar.boundingBox()]);
        return field!.y + field!.height <= above!.y;
      })
      .toBe(true);
    await shop.screenshot('ship-to-india-cart-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('given India chosen, then the checkout starts with India, and a German address makes the cart ship to Germany', async () => {
    const { page } = shop;
    await page.goto(shop.url('/checkout'));
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await expect.poll(() => labelled(page, 'Country').inputValue()).toBe('IN');

    await labelled(page, 'Country').selectOption({ label: 'Germany' });
    await page.goto(shop.url('/cart'));
    await expect.poll(() => shipTo(page).inputValue()).toBe('DE');
    await expect.poll(() => shippingFee(page)).not.toBe('₹99.00');
  });
});

describe("a signed-in customer's default address", () => {
  it('given a default address in Japan and no country chosen, then the cart ships to Japan until they choose another', async () => {
    const call = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(shop.url(path), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify(body),
      });
      expect(response.status, path).toBe(201);
      return (await response.json()) as { token: string; user: unknown };
    };
    const session = await call('/api/auth/register', {
      email: `haruka.${Date.now()}@example.jp`,
      password: 'Shopper123',
      firstName: 'Haruka',
      lastName: 'Sato',
    });
    await call(
      '/api/addresses',
      {
        fullName: 'Haruka Sato',
        phone: '+81 3-1234-5678',
        line1: '1-2-3 Jingumae',
        city: 'Shibuya-ku',
        state: 'Tokyo',
        postalCode: '150-0001',
        country: 'JP',
        isDefault: true,
      },
      session.token,
    );
    // This browser is theirs from now on, with nothing chosen in it.
    const { page } = shop;
    await page.evaluate(() => localStorage.removeItem('printshop_country'));
    await restoreSession(shop.context, session);
    await page.goto(shop.url('/'));
    await addPosterToCart(page, 1);
    await page.goto(shop.url('/cart'));
    await expect.poll(() => shipTo(page).inputValue()).toBe('JP');
    await expect.poll(() => shippingFee(page)).not.toBe('₹99.00');
    await shop.screenshot('ship-to-default-address-japan');

    // A choice made in the cart wins over the address book.
    await shipTo(page).selectOption({ label: 'India' });
    await expect.poll(() => shippingFee(page)).toBe('₹99.00');
    await page.reload();
    await expect.poll(() => shipTo(page).inputValue()).toBe('IN');
  });
});
