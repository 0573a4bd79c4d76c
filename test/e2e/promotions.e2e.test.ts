// Promotion codes in real Chromium against the real shop (test-mode payments): the admin creates
// a 10% code in the Promotions screen; a guest with two A4 posters tries an unknown code (its
// message on the field), applies the new one in the cart (the code's line and a lower total), sees
// it in the checkout's summary, pays with the 4242 test card, and the confirmation shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, recordScreenshot, type Shop } from './support/browser';
import { addPosterToCart } from './support/cart';
import { fillUsAddress, labelled } from './support/checkout';
import { ADMIN_SHELL_ITEMS, axeViolations, layoutProblems, settle } from './support/screens';

let shop: Shop;
const ADMIN_EMAIL = 'promo-chief@example.com';
const ADMIN_PASSWORD = 'ChiefPass123';
const CODE = `E2E${Date.now().toString(36).toUpperCase()}`;
// Two A4 posters at $1.78: 10% of $3.56 is $0.356, rounded half up.
const CODE_LINE = '−$0.36';
let orderNumber = '';

/** A form control by its visible label (required fields end with a decorative ' *'). */
const control = (label: string) => labelled(shop.page, label);
/** A row of the cart's or the order's totals (its <dt> text) and its amount. */
const totalsRow = (label: string) =>
  shop.page.locator('.order-totals__row').filter({ has: shop.page.locator('dt', { hasText: label }) });
const amountOf = async (label: string) => (await totalsRow(label).locator('dd').textContent())?.trim();
const dollars = (text: string | undefined) => Number(text?.replace(/[^0-9.]/g, ''));

beforeAll(async () => {
  shop = await openShop('e2e-promotions', { env: { ADMIN_EMAIL, ADMIN_PASSWORD }, bypassCSP: true });
});
afterAll(() => shop?.close());

describe('promotion codes', () => {
  it('given the admin, when they create a 10% code in the Promotions screen, then it is listed as active', async () => {
    const { page } = shop;
    await page.goto(shop.url('/admin'));
    // Not signed in: the guard sends the admin to sign in, then back.
    await page.waitForURL(shop.url('/login'));
    await control('E-mail').fill(ADMIN_EMAIL);
    await control('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const notice = page.getByRole('button', { name: 'Dismiss' });
    if (await notice.isVisible()) await notice.click();

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Promotions' }).click();
    await page.getByRole('heading', { name: 'Promotions' }).waitFor();
    await page.getByRole('button', { name: 'New code' }).click();
    await control('Code').fill(CODE.toLowerCase());
    await control('Percentage off (%)').fill('10');
    await control('Uses per customer').fill('1');
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.getByText(`Code ${CODE} created.`).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: CODE }) });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Active');
    await shop.screenshot('admin-promotions-created');
  });

  it('given that code, when the admin gives it 50 uses in the edit form, then the list says 0 of 50', async () => {
    const { page } = shop;
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: CODE }) });
    await row.getByRole('button', { name: new RegExp(`^Edit\\s*${CODE}$`) }).click();
    const form = page.getByRole('form', { name: `Edit ${CODE}` });
    await form.getByLabel(/^Total uses/).fill('50');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`Code ${CODE} changed.`).waitFor();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('0 of 50');
  });

  it('given the Promotions screens (list, new-code form, edit form, one code) at 390 and 1280 px, then no sideways scroll and no serious axe violation', async () => {
    const { page } = shop;
    const found: Record<string, unknown> = {};
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const screen of ['list', 'form', 'edit', 'detail'] as const) {
        await page.goto(shop.url(screen === 'detail' ? `/admin/promotions/${CODE}` : '/admin/promotions'));
        await settle(page);
        if (screen === 'form') await page.getByRole('button', { name: 'New code' }).click();
        if (screen === 'edit') {
          await page.getByRole('button', { name: new RegExp(`^Edit\\s*${CODE}$`) }).click();
          await page.getByRole('form', { name: `Edit ${CODE}` }).waitFor();
          await shop.screenshot(`admin-promotion-edit-${width}`);
        }
        if (screen === 'detail') await page.getByRole('heading', { name: 'Terms' }).waitFor();
        const problems = [
          ...(await layoutProblems(page, ADMIN_SHELL_ITEMS, { phone: width < 768, noStoreHeader: true })),
          ...(await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.join(' | ')}`),
        ];
        if (problems.length > 0) found[`${screen} at ${width}`] = problems;
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(found).toEqual({});
  });

  it('given a guest with two posters, when an unknown code is applied, then its message shows on the field', async () => {
    const { page } = shop;
    // The shopper is a guest: the admin's session is gone.
    await shop.context.clearCookies();
    await page.evaluate('localStorage.clear()');
    await page.goto(shop.url('/'));
    await addPosterToCart(page, 2);
    await page.goto(shop.url('/cart'));
    await page.getByRole('heading', { name: 'A4 Poster' }).waitFor();

    await control('Promo code').fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('This code is not valid.').waitFor();
    await expect(control('Promo code').getAttribute('aria-invalid')).resolves.toBe('true');
    await shop.screenshot('cart-promo-code-refused');
  });

  it('when the new code is applied, then the code line shows and the total is lower by it', async () => {
    const { page } = shop;
    const before = dollars(await amountOf('Grand total'));
    await control('Promo code').fill(CODE.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await totalsRow(`Code ${CODE}`).waitFor();
    await expect(amountOf(`Code ${CODE}`)).resolves.toBe(CODE_LINE);
    await page.getByText(`Code ${CODE} applied`).waitFor();
    await page
      .getByRole('region', { name: 'Promo code' })
      .getByRole('button', { name: 'Remove', exact: true })
      .waitFor();
    const after = dollars(await amountOf('Grand total'));
    expect(Math.round((before - after) * 100)).toBe(36);
    await shop.screenshot('cart-promo-code-applied');
  });

  it('when the guest pays with the 4242 test card, then the confirmation shows the code line', async () => {
    const { page } = shop;
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    // The checkout's summary names the code too.
    await expect(amountOf(`Code ${CODE}`)).resolves.toBe(CODE_LINE);
    await control('E-mail').fill(`guest.${Date.now()}@example.com`);
    await fillUsAddress(page, 'Ada Lovelace');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Test mode — use 4242 4242 4242 4242').waitFor();
    await control('Card number').fill('4242 4242 4242 4242');
    await control('Expiry (MM/YY)').fill('12/39');
    await control('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('heading', { name: 'Order Confirmation' }).waitFor();
    await totalsRow(`Code ${CODE}`).waitFor();
    await expect(amountOf(`Code ${CODE}`)).resolves.toBe(CODE_LINE);
    orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
    expect(orderNumber).not.toBe('');
    await shop.screenshot('order-confirmation-promo-code');
  });

  it('given the paid order, when the admin opens the code, then its use is spent by that order', async () => {
    const { page } = shop;
    await shop.context.clearCookies();
    await page.evaluate('localStorage.clear()');
    await page.goto(shop.url(`/admin/promotions/${CODE}`));
    await page.waitForURL(shop.url('/login'));
    await control('E-mail').fill(ADMIN_EMAIL);
    await control('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const uses = page.getByRole('table', { name: `Uses of ${CODE}` });
    // The read side may take a moment to see the order: look again until it does.
    for (let tries = 0; !(await uses.isVisible()) && tries < 20; tries++) {
      await page.waitForTimeout(500);
      if (tries % 4 === 3) await page.reload();
    }
    const use = uses.getByRole('row').filter({ hasText: orderNumber });
    await use.waitFor();
    await expect(use.textContent()).resolves.toMatch(/Spent.*\$0\.36/);
    await shop.screenshot('admin-promotion-detail');
  });

  it('given a 100% code, when a guest checks out 30 posters (free shipping) with it on a phone, then the payment step says there is nothing to pay and Place Order confirms the order', async () => {
    const { page } = shop;
    const free = `FREE${Date.now().toString(36).toUpperCase()}`;
    await page.goto(shop.url('/admin/promotions'));
    await page.getByRole('button', { name: 'New code' }).click();
    await control('Code').fill(free);
    await control('Percentage off (%)').fill('100');
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.getByText(`Code ${free} created.`).waitFor();
    await shop.context.clearCookies();
    await page.evaluate('localStorage.clear()');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(shop.url('/'));
    await addPosterToCart(page, 30);
    await page.goto(shop.url('/cart'));
    await control('Promo code').fill(free);
    await page.getByRole('button', { name: 'Apply' }).click();
    await totalsRow(`Code ${free}`).waitFor();

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await control('E-mail').fill(`free.${Date.now()}@example.com`);
    await fillUsAddress(page, 'Ada Lovelace');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Nothing to pay: your discounts cover this order.').waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
    await recordScreenshot(page.locator('.payment-step--free'), 'payment-step-nothing-to-pay-390');
    await page.getByRole('button', { name: 'Place Order' }).click();

    await page.getByRole('heading', { name: 'Order Confirmation' }).waitFor();
    const total = page
      .locator('.order-totals__row')
      .filter({ has: page.locator('dt', { hasText: /^Total$/ }) });
    await expect(total.locator('dd').textContent()).resolves.toBe('$0.00');
    await shop.screenshot('order-confirmation-free-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
