// Journey: change the currency and see the prices change, and stay changed after a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Shop } from './support/browser';

let shop: Shop;
beforeAll(async () => {
  shop = await openShop('e2e-currency');
});
afterAll(() => shop?.close());

describe('currency', () => {
  it('given USD prices, when the visitor picks EUR, then prices show in euros, also after a reload', async () => {
    const { page } = shop;
    await page.goto(shop.url('/posters'));
    const firstPrice = page.locator('.product-card [data-testid="price"]').first();
    await expect(firstPrice.textContent()).resolves.toBe('$1.78');

    await page.getByRole('button', { name: /Change currency/ }).click();
    await page.getByLabel('Search currencies').fill('euro');
    await page.getByRole('button', { name: /EUR/ }).click();

    // 1.78 USD x 0.92 = 1.6376 -> €1.64 (money.ts rounding)
    await expect.poll(() => firstPrice.textContent()).toBe('€1.64');
    expect(await page.evaluate<string | null>(`localStorage.getItem('printshop_currency')`)).toBe('EUR');

    await page.reload();
    await page.locator('.product-card').first().waitFor();
    // The prerendered page carries the USD prices until the app starts (on a loaded machine the
    // card is there before it has): the saved currency must win once it has.
    await expect.poll(() => firstPrice.textContent()).toBe('€1.64');
    await expect(page.getByRole('button', { name: /^EUR, Euro: Change currency/ }).isVisible()).resolves.toBe(
      true,
    );

    await page.getByRole('button', { name: /Change currency/ }).click();
    await page.getByLabel('Search currencies').fill('qqq');
    await expect(page.getByText('No currencies found for "qqq"').isVisible()).resolves.toBe(true);
    await page.getByLabel('Search currencies').fill('jpy');
    await page.getByRole('button', { name: /JPY/ }).click();
    await expect.poll(() => firstPrice.textContent()).toBe('¥265');
    await shop.screenshot('currency-change');
  });
});
