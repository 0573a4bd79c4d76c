// Journey: one shopper, two tabs of the shop. A change to the cart in one tab (here a quantity
// changed, then the line removed, on the cart page) shows in the other without a reload: its header
// badge and its own cart page, so it never offers a line that is already gone. Signing out in one
// tab signs the other out at once (an account page left open on a shared computer goes to the
// sign-in page), and signing in shows in both. A payment step open in one tab keeps the cart its
// checkout froze while the other tab changes the cart (its summary is what the payment charges). And
// the same cart on the payment step in both tabs is paid once: once one tab paid, the other's Pay
// says the items were ordered and charges nothing; paid in the same moment, the second payment is
// refunded in full and says so. A currency or shipping country chosen in one tab shows in the others
// (header, prices, cart) without a reload, except on a payment step, which keeps charging what it
// shows until it is left.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, recordScreenshot, type Shop } from './support/browser';
import { addPosterToCart } from './support/cart';
import { fillUsAddress } from './support/checkout';
import { registerAccount } from './support/session';

/** A change reaches the other tab in well under a second; a loaded machine may take longer. */
const WAIT = { timeout: 10_000 };

let shop: Shop;
beforeAll(async () => {
  shop = await openShop('e2e-two-tabs');
});
afterAll(() => shop?.close());

const badge = (page: Page) => page.getByRole('link', { name: /^Cart, / }).first();
const quantity = (page: Page) => page.getByRole('spinbutton', { name: /^Quantity of / }).first();
const currencyButton = (page: Page) => page.getByRole('button', { name: /: Change currency$/ }).first();
const shipTo = (page: Page) => page.getByRole('combobox', { name: 'Shipping to' });
const cartTotals = (page: Page) => page.locator('.cart-view__summary').innerText();

const payIn = async (page: Page, card: string) => {
  await page.getByLabel(/^Card number/).fill(card);
  await page.getByLabel(/^Expiry \(MM\/YY\)/).fill('12/39');
  await page.getByLabel(/^Security code \(CVC\)/).fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
};
const toPayment = async (page: Page) => {
  await page.goto(shop.url('/checkout'));
  await fillUsAddress(page, 'Tess Tabs');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByText('Test mode — use 4242 4242 4242 4242').waitFor();
};

describe('two tabs', () => {
  it('given the cart open in two tabs, when one changes a quantity and then removes the line, then the other shows each change without a reload', async () => {
    const first = shop.page;
    await first.goto(shop.url('/'));
    await addPosterToCart(first, 1);
    await first.goto(shop.url('/cart'));
    await expect.poll(() => quantity(first).inputValue(), WAIT).toBe('1');

    const second = await shop.context.newPage();
    await second.goto(shop.url('/cart'));
    await expect.poll(() => quantity(second).inputValue(), WAIT).toBe('1');
    await expect.poll(() => badge(second).getAttribute('aria-label'), WAIT).toBe('Cart, 1 item');
    // A reload would drop this mark.
    await second.evaluate(() => ((window as unknown as { sameTab: boolean }).sameTab = true));

    await first
      .getByRole('button', { name: /^Increase quantity of / })
      .first()
      .click();
    await expect.poll(() => quantity(first).inputValue(), WAIT).toBe('2');
    await expect.poll(() => quantity(second).inputValue(), WAIT).toBe('2');
    await expect.poll(() => badge(second).getAttribute('aria-label'), WAIT).toBe('Cart, 2 items');
    await recordScreenshot(second, 'two-tabs-second-after-change');

    await first.locator('.cart-line__remove').first().click();
    await first.getByText('Your cart is empty.').waitFor();
    await second.getByText('Your cart is empty.').waitFor(WAIT);
    await expect.poll(() => badge(second).getAttribute('aria-label'), WAIT).toBe('Cart, 0 items');
    expect(await second.evaluate(() => (window as unknown as { sameTab?: boolean }).sameTab)).toBe(true);
    await second.close();
  });

  it('given an account page open in a second tab, when the first signs out, then the second leaves it at once; when the first signs in, the second shows the account', async () => {
    const email = `tabs.${Date.now()}@example.com`;
    const password = 'TwoTabs123';
    await registerAccount(shop.url, { email, password, firstName: 'Tess', lastName: 'Tabs' });
    const first = shop.page;
    const signIn = async () => {
      await first.goto(shop.url('/login'));
      await first.getByLabel('E-mail').fill(email);
      await first.locator('input[autocomplete="current-password"]').fill(password);
      await first.getByRole('button', { name: 'Sign In' }).click();
      await first.getByRole('button', { name: /Tess/ }).waitFor();
    };
    await signIn();

    const second = await shop.context.newPage();
    await second.goto(shop.url('/account'));
    await second.getByRole('button', { name: /Tess/ }).waitFor();
    expect(new URL(second.url()).pathname).toBe('/account');
    await second.evaluate(() => ((window as unknown as { sameTab: boolean }).sameTab = true));

    await first.getByRole('button', { name: /Tess/ }).click();
    await first.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => new URL(second.url()).pathname, WAIT).toBe('/login');
    expect(await second.getByRole('button', { name: /Tess/ }).count()).toBe(0);
    expect(await second.evaluate(() => (window as unknown as { sameTab?: boolean }).sameTab)).toBe(true);

    await signIn();
    await second.getByRole('button', { name: /Tess/ }).waitFor(WAIT);
    await recordScreenshot(second, 'two-tabs-signed-in-elsewhere');
    expect(await second.evaluate(() => (window as unknown as { sameTab?: boolean }).sameTab)).toBe(true);
    await second.close();
  });
  it('given the payment step open in one tab, when the other tab changes the cart, then the payment step keeps the cart its checkout froze', async () => {
    // Signed in as Tess (the test above), with an empty cart.
    const first = shop.page;
    await first.goto(shop.url('/'));
    await addPosterToCart(first, 1);
    await first.goto(shop.url('/checkout'));
    await fillUsAddress(first, 'Tess Tabs');
    await first.getByRole('button', { name: 'Continue to Payment' }).click();
    await first.getByText('Test mode — use 4242 4242 4242 4242').waitFor();
    const summary = first.getByRole('complementary', { name: 'Order summary' });
    const pay = first.getByRole('button', { name: /^Pay / });
    const frozen = { summary: await summary.textContent(), pay: await pay.textContent() };

    const second = await shop.context.newPage();
    await second.goto(shop.url('/cart'));
    await expect.poll(() => quantity(second).inputValue(), WAIT).toBe('1');
    await second
      .getByRole('button', { name: /^Increase quantity of / })
      .first()
      .click();
    await expect.poll(() => badge(second).getAttribute('aria-label'), WAIT).toBe('Cart, 2 items');
    // The broadcast reaches the first tab within a second (the test above); it must change nothing there.
    await first.waitForTimeout(2_000);
    expect({ summary: await summary.textContent(), pay: await pay.textContent() }).toEqual(frozen);
    await recordScreenshot(first, 'two-tabs-payment-step-kept');
    await second.close();
  });

  it('given the payment step open in two tabs, when the first pays, then Pay in the second says the items were already ordered and no second order is made', async () => {
    // Signed in as Tess, with the two posters the test above left in the cart.
    const first = shop.page;
    await toPayment(first);
    const second = await shop.context.newPage();
    await toPayment(second);

    await payIn(first, '4242 4242 4242 4242');
    await first.getByRole('heading', { name: 'Order Confirmation' }).waitFor();
    const orderNumber = (await first.getByTestId('order-number').textContent()) ?? '';
    await payIn(second, '4242 4242 4242 4242');

    await second
      .getByText(
        `These items were already ordered in another tab or window (order ${orderNumber}). Please review your cart before paying again.`,
      )
      .waitFor(WAIT);
    expect(new URL(second.url()).pathname).toBe('/checkout');
    await recordScreenshot(second, 'two-tabs-second-payment-refused');
    await second.goto(shop.url('/account/orders'));
    await second.getByText(orderNumber).first().waitFor(WAIT);
    expect(await second.locator('.orders-list__order').count()).toBe(1);
    await second.close();
  });
  it('given the payment step open in two tabs, when both are paid in the same moment, then one order is made and the other tab says its payment was refunded in full', async () => {
    const first = shop.page;
    await first.goto(shop.url('/'));
    await addPosterToCart(first, 1);
    await toPayment(first);
    const second = await shop.context.newPage();
    await toPayment(second);
    // The second tab's card is charged just after the first tab's order is made: its Pay has
    // already been let through (no order existed yet) when its charge is held back here.
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    await second.route('**/api/stripe/confirm-payment', async (route) => {
      await held;
      await route.continue();
    });
    const charging = second.waitForRequest('**/api/stripe/confirm-payment');
    await payIn(second, '4242 4242 4242 4242');
    await charging;

    await payIn(first, '4242 4242 4242 4242');
    await first.getByRole('heading', { name: 'Order Confirmation' }).waitFor();
    const orderNumber = (await first.getByTestId('order-number').textContent()) ?? '';
    letGo();

    await second
      .getByText(
        `These items were already ordered in another tab or window (order ${orderNumber}). This payment has been refunded in full.`,
      )
      .waitFor(WAIT);
    await recordScreenshot(second, 'two-tabs-same-moment-refunded');
    await second.goto(shop.url('/account/orders'));
    await second.getByText(orderNumber).first().waitFor(WAIT);
    expect(await second.locator('.orders-list__order').count()).toBe(2);
    await second.close();
  });

  it('given the cart, a product and the payment step open in other tabs, when one tab picks EUR and Germany, then the others follow without a reload but the payment step keeps its amount until left', async () => {
    // Signed in as Tess, with an empty cart (the test above paid it).
    const first = shop.page;
    await first.goto(shop.url('/'));
    await addPosterToCart(first, 1);
    const paying = await shop.context.newPage();
    await toPayment(paying);
    const summary = paying.getByRole('complementary', { name: 'Order summary' });
    const pay = paying.getByRole('button', { name: /^Pay / });
    const frozen = { summary: await summary.textContent(), pay: await pay.textContent() };
    expect(frozen.pay).toContain('$');

    await first.goto(shop.url('/cart'));
    const product = await shop.context.newPage();
    await product.goto(shop.url('/product/4x6-photo-prints'));
    const otherCart = await shop.context.newPage();
    await otherCart.goto(shop.url('/cart'));
    for (const page of [product, otherCart, paying])
      await expect.poll(() => currencyButton(page).getAttribute('aria-label'), WAIT).toMatch(/^USD/);
    await expect.poll(() => cartTotals(otherCart), WAIT).toContain('$');
    // A reload would drop this mark.
    for (const page of [product, otherCart, paying])
      await page.evaluate(() => ((window as unknown as { sameTab: boolean }).sameTab = true));

    await currencyButton(first).click();
    await first.getByLabel('Search currencies').fill('euro');
    await first.getByRole('button', { name: /EUR/ }).click();
    await shipTo(first).selectOption({ label: 'Germany' });

    for (const page of [product, otherCart])
      await expect.poll(() => currencyButton(page).getAttribute('aria-label'), WAIT).toMatch(/^EUR/);
    await expect.poll(() => product.getByTestId('product-price').first().innerText(), WAIT).toContain('€');
    await expect.poll(() => cartTotals(otherCart), WAIT).toContain('€');
    await expect.poll(() => cartTotals(otherCart), WAIT).not.toContain('$');
    await expect.poll(() => shipTo(otherCart).inputValue(), WAIT).toBe('DE');
    await recordScreenshot(otherCart, 'two-tabs-currency-followed');

    // The payment step charges what it shows: another tab's currency waits until it is left.
    await paying.waitForTimeout(2_000);
    expect({ summary: await summary.textContent(), pay: await pay.textContent() }).toEqual(frozen);
    expect(await currencyButton(paying).getAttribute('aria-label')).toMatch(/^USD/);
    await paying.getByRole('button', { name: 'Edit details' }).click();
    await expect.poll(() => currencyButton(paying).getAttribute('aria-label'), WAIT).toMatch(/^EUR/);
    for (const page of [product, otherCart, paying])
      expect(await page.evaluate(() => (window as unknown as { sameTab?: boolean }).sameTab)).toBe(true);
    for (const page of [product, otherCart, paying]) await page.close();
  });
});
