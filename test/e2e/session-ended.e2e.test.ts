// Journey: a shopper's session ends while the cart page is open (signed out from another device).
// The next change to the cart is refused with 401; the page then shows the guest's cart with a
// notice that the session has expired and a Sign in link, which brings the shopper back to the
// cart with its lines once signed in again (instead of an endless 'Try again').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, recordScreenshot, type Shop } from './support/browser';
import { addPosterToCart } from './support/cart';
import { registerAccount } from './support/session';

const WAIT = { timeout: 10_000 };
const SESSION_ENDED = 'Your session has expired. Please sign in again.';

let shop: Shop;
beforeAll(async () => {
  shop = await openShop('e2e-session-ended');
});
afterAll(() => shop?.close());

describe('a session that ends while the shop is open', () => {
  it('given the cart page of a signed-in shopper, when the session is signed out elsewhere and the cart is changed, then the notice leads back to the cart through sign-in', async () => {
    const email = `ended.${Date.now()}@example.com`;
    const password = 'Ended12345';
    await registerAccount(shop.url, { email, password, firstName: 'Eda', lastName: 'Ended' });
    const { page } = shop;
    const signIn = async () => {
      await page.getByLabel('E-mail').fill(email);
      await page.locator('input[autocomplete="current-password"]').fill(password);
      await page.getByRole('button', { name: 'Sign In' }).click();
    };
    await page.goto(shop.url('/login'));
    await signIn();
    await page.getByRole('button', { name: /Eda/ }).waitFor();
    await addPosterToCart(page, 1);
    await page.goto(shop.url('/cart'));
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor(WAIT);

    // Signed out from another device: the server ends this session; the tab does not know yet.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const signedOut = await fetch(shop.url('/api/auth/logout'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signedOut.status).toBe(200);
    await page
      .getByRole('button', { name: /^Increase quantity of / })
      .first()
      .click();

    await page.getByText(SESSION_ENDED).waitFor(WAIT);
    await page.getByText('Your cart is empty.').waitFor(WAIT);
    // Said once, above the page, not again as the refused change's error.
    expect(await page.getByText(SESSION_ENDED).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Eda/ }).count()).toBe(0);
    await recordScreenshot(page, 'session-ended-cart');

    await page.locator('.session-ended').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login$/);
    await signIn();
    await page.waitForURL(/\/cart$/, WAIT);
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor(WAIT);
    expect(await page.getByText(SESSION_ENDED).count()).toBe(0);
  });
});
