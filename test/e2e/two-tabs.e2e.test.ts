// Journey: one shopper, two tabs of the shop. A change to the cart in one tab (here a quantity
// changed, then the line removed, on the cart page) shows in the other without a reload: its header
// badge and its own cart page, so it never offers a line that is already gone.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, recordScreenshot, type Shop } from './support/browser';
import { addPosterToCart } from './support/cart';

let shop: Shop;
beforeAll(async () => {
  shop = await openShop('e2e-two-tabs');
});
afterAll(() => shop?.close());

const badge = (page: Page) => page.getByRole('link', { name: /^Cart, / }).first();
const quantity = (page: Page) => page.getByRole('spinbutton', { name: /^Quantity of / }).first();

describe('two tabs', () => {
  it('given the cart open in two tabs, when one changes a quantity and then removes the line, then the other shows each change without a reload', async () => {
    const first = shop.page;
    await first.goto(shop.url('/'));
    await addPosterToCart(first, 1);
    await first.goto(shop.url('/cart'));
    await expect.poll(() => quantity(first).inputValue()).toBe('1');

    const second = await shop.context.newPage();
    await second.goto(shop.url('/cart'));
    await expect.poll(() => quantity(second).inputValue()).toBe('1');
    await expect.poll(() => badge(second).getAttribute('aria-label')).toBe('Cart, 1 item');
    // A reload would drop this mark.
    await second.evaluate(() => ((window as unknown as { sameTab: boolean }).sameTab = true));

    await first
      .getByRole('button', { name: /^Increase quantity of / })
      .first()
      .click();
    await expect.poll(() => quantity(first).inputValue()).toBe('2');
    await expect.poll(() => quantity(second).inputValue(), { timeout: 10_000 }).toBe('2');
    await expect.poll(() => badge(second).getAttribute('aria-label')).toBe('Cart, 2 items');
    await recordScreenshot(second, 'two-tabs-second-after-change');

    await first.locator('.cart-line__remove').first().click();
    await first.getByText('Your cart is empty.').waitFor();
    await second.getByText('Your cart is empty.').waitFor({ timeout: 10_000 });
    await expect.poll(() => badge(second).getAttribute('aria-label')).toBe('Cart, 0 items');
    expect(await second.evaluate(() => (window as unknown as { sameTab?: boolean }).sameTab)).toBe(true);
    await second.close();
  });
});
