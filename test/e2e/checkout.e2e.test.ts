// Journeys of the money path in real Chromium against the real shop (test-mode payments):
// a guest's cart kept after creating an account; a declined test card shows Stripe's decline;
// the 4242 test card places the order, the confirmation shows it and tracking finds it; and an
// account address with a bad postal code shows the spec's message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenImages, openShop, recordScreenshot, type Shop } from './support/browser';
import { addPosterToCart } from './support/cart';
import { fillUsAddress, labelled } from './support/checkout';
import { domainLineCount } from './support/screens';

let shop: Shop;
// Long, as real addresses can be: it must wrap on a phone.
const email = `ada.lovelace.king-noel.${Date.now()}@example.com`;
let orderNumber = '';
let confirmationUrl = '';

beforeAll(async () => {
  shop = await openShop('e2e-checkout');
});
afterAll(() => shop?.close());

const control = (label: string) => labelled(shop.page, label);

describe('cart, sign-in and checkout', () => {
  it('given a guest with a poster in the cart, when they create an account, then the cart is kept', async () => {
    const { page } = shop;
    await page.goto(shop.url('/'));
    const { imageId } = await addPosterToCart(page, 2);

    await page.goto(shop.url('/cart'));
    await page.getByRole('heading', { name: 'A4 Poster' }).waitFor();
    await expect(page.getByRole('spinbutton', { name: 'Quantity of A4 Poster' }).inputValue()).resolves.toBe(
      '2',
    );
    expect(await page.getByAltText('Your photo for A4 Poster').getAttribute('src')).toBe(
      `/api/images/${imageId}?w=256`,
    );
    // The whole poster as framed (portrait A4), not cut to the square of its box.
    const thumbnail = await page
      .getByAltText('Your photo for A4 Poster')
      .evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return { fit: getComputedStyle(img).objectFit, ratio: img.naturalWidth / img.naturalHeight };
      });
    expect(thumbnail.fit).toBe('contain');
    expect(thumbnail.ratio).toBeCloseTo(210 / 297, 1);

    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('link', { name: 'Create Account' }).click();
    await control('First name').fill('Ada');
    await control('Last name').fill('Lovelace');
    await control('E-mail').fill(email);
    await control('Password').fill('Secret123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('button', { name: /Ada/ }).waitFor();

    await page.goto(shop.url('/cart'));
    await page.getByRole('heading', { name: 'A4 Poster' }).waitFor();
    await expect(page.getByRole('spinbutton', { name: 'Quantity of A4 Poster' }).inputValue()).resolves.toBe(
      '2',
    );
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    expect(await brokenImages(page)).toEqual([]);
    await shop.screenshot('cart-kept-after-sign-in');
  });

  it('given the checkout, when the declined test card is used, then the decline message shows', async () => {
    const { page } = shop;
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await expect(control('E-mail').inputValue()).resolves.toBe(email);
    await fillUsAddress(page, 'Ada Lovelace');
    await page.getByRole('checkbox', { name: 'Save this address to my account' }).check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await page.getByText('Test mode — use 4242 4242 4242 4242').waitFor();
    await control('Card number').fill('4000 0000 0000 0002');
    await control('Expiry (MM/YY)').fill('12/39');
    await control('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    const decline = page.getByText('Your card was declined.');
    await decline.waitFor();
    await decline.scrollIntoViewIfNeeded();
    expect(page.url()).toBe(shop.url('/checkout?step=payment'));
    await shop.screenshot('checkout-card-declined');
  });

  it("given the payment step, when the browser's Back is pressed and the page reloaded, then the details show what was typed; Forward or a reload shows the payment step again; a half-typed change survives a reload", async () => {
    const { page } = shop;
    await page.goBack();
    await expect(control('Full name').inputValue()).resolves.toBe('Ada Lovelace');
    expect(page.url()).toBe(shop.url('/checkout'));
    await page.reload();
    await expect(control('Full name').inputValue()).resolves.toBe('Ada Lovelace');
    await expect(control('ZIP Code').inputValue()).resolves.toBe('62701');
    await expect(control('E-mail').inputValue()).resolves.toBe(email);
    await page.goForward();
    // The payment step starts again from the details kept for the tab.
    await page.getByText('Test mode — use 4242 4242 4242 4242').waitFor();
    await expect
      .poll(() => page.getByRole('region', { name: 'Your details' }).innerText())
      .toMatch(/Springfield/);
    await page.reload();
    await page.getByText('Test mode — use 4242 4242 4242 4242').waitFor();

    // Half typed (not valid yet) and reloaded before Continue: still what was typed.
    await page.getByRole('button', { name: 'Edit details' }).click();
    await control('Address line 2 (optional)').fill('Apt 4');
    await control('ZIP Code').fill('');
    await page.reload();
    await expect(control('Address line 2 (optional)').inputValue()).resolves.toBe('Apt 4');
    await expect(control('ZIP Code').inputValue()).resolves.toBe('');
    await expect(control('Full name').inputValue()).resolves.toBe('Ada Lovelace');
    await control('ZIP Code').fill('62701');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Test mode — use 4242 4242 4242 4242').waitFor();
  });

  it('when the 4242 test card is used, then the confirmation shows the order and tracking finds it', async () => {
    const { page } = shop;
    await control('Card number').fill('4242 4242 4242 4242');
    await control('Expiry (MM/YY)').fill('12/39');
    await control('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('heading', { name: 'Order Confirmation' }).waitFor();
    orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
    expect(orderNumber).not.toBe('');
    const main = page.locator('main');
    await main.getByText('We have sent the details to').waitFor();
    await main.getByText(email).first().waitFor();
    await main.getByText('A4 Poster').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('printshop_tracked_orders'))).toContain(
      orderNumber,
    );
    await shop.screenshot('order-confirmation');
    confirmationUrl = page.url();
    // The details kept for the checkout's Back and reload are forgotten once the order is placed.
    expect(await page.evaluate(() => sessionStorage.getItem('printshop.checkout-details'))).toBeNull();

    // The cart is empty now.
    await page.getByRole('link', { name: 'Cart, 0 items' }).waitFor();

    await page.goto(shop.url('/track-order'));
    await control('Order number').fill(orderNumber);
    await control('E-mail used for the order').fill(email);
    await page.getByRole('button', { name: 'Track Order' }).click();
    await page.getByRole('heading', { name: 'Order status: Paid' }).waitFor();
    expect(await page.getByTestId('order-number').textContent()).toBe(orderNumber);
    await shop.screenshot('track-order');
  });

  it('given the confirmation opened from its link on a 360 px phone, then nothing scrolls sideways, the address card stays in its section and the next steps stand apart', async () => {
    // A fresh load, as from the e-mail or a reload: no checkout code (nor its CSS) has run.
    const page = await shop.context.newPage();
    try {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(confirmationUrl);
      const main = page.locator('main');
      await main.getByText(email).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const card = (await main.locator('.address-card').boundingBox())!;
      const section = (await main.locator('.address-card').locator('..').boundingBox())!;
      expect(card.y + card.height).toBeLessThanOrEqual(section.y + section.height + 0.5);
      const track = (await main.getByRole('link', { name: 'Track your order' }).boundingBox())!;
      const all = (await main.getByRole('link', { name: 'See all your orders' }).boundingBox())!;
      const apart = all.y >= track.y + track.height || all.x >= track.x + track.width + 8;
      expect(apart, JSON.stringify({ track, all })).toBe(true);
      expect(track.y).toBeGreaterThanOrEqual(card.y + card.height);
      // The long e-mail, in the thanks and in the details, wraps before its '@', not mid-domain.
      const emails = await main.getByText(email).all();
      expect(emails).toHaveLength(2);
      for (const shown of emails) expect(await domainLineCount(shown)).toBe(1);
      await recordScreenshot(page, 'order-confirmation-phone');
    } finally {
      await page.close();
    }
  });

  it('given the account, then the order is listed and its saved address kept', async () => {
    const { page } = shop;
    await page.goto(shop.url('/account'));
    await page.getByRole('link', { name: `Order ${orderNumber}` }).waitFor();
    await page.getByRole('link', { name: 'Addresses' }).click();
    await page.getByText('1 Main St', { exact: true }).waitFor();
  });

  it('given a signed-in shopper, when an account page or the checkout loads, then the header and footer never vanish while its code loads', async () => {
    // React hides a suspended boundary's shown content with an inline `display: none !important`:
    // any such style on the shell or above it is a blank flash (and a scroll jump) for the shopper.
    const page = await shop.context.newPage();
    try {
      await page.addInitScript(() => {
        const hidden: string[] = [];
        Object.assign(window, { hiddenShell: hidden });
        new MutationObserver((records) => {
          for (const { target } of records) {
            const el = target as HTMLElement;
            if (el.style?.display === 'none' && el.querySelector?.('header.header'))
              hidden.push(`${el.tagName.toLowerCase()}.${el.className}`);
          }
        }).observe(document, { attributes: true, attributeFilter: ['style'], subtree: true });
      });
      for (const route of ['/account/orders', '/account/addresses', '/checkout']) {
        await page.goto(shop.url(route));
        await page.locator('main h1, main h2').first().waitFor();
        await page.waitForTimeout(500);
        expect(
          await page.evaluate(() => (window as unknown as { hiddenShell: string[] }).hiddenShell),
          route,
        ).toEqual([]);
      }
    } finally {
      await page.close();
    }
  });

  it.each([360, 820, 1366])(
    'given the account at %i px, then its heading spans the top, the orders take the width beside the section links and each total sits at its card end',
    async (width) => {
      const page = await shop.context.newPage();
      try {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(shop.url('/account/orders'));
        const order = page.getByRole('link', { name: `Order ${orderNumber}` });
        await order.waitFor();
        const heading = (await page.getByRole('heading', { level: 1, name: 'Your Account' }).boundingBox())!;
        const body = (await page.locator('.account-layout__body').boundingBox())!;
        const content = (await page.locator('.account-layout__content').boundingBox())!;
        // One line, above the links and the orders (not a column of its own beside them).
        expect(heading.height).toBeLessThan(60);
        expect(body.y).toBeGreaterThanOrEqual(heading.y + heading.height);
        expect(content.width).toBeGreaterThan(width * 0.6);
        const card = (await page.locator('.orders-list__order').first().boundingBox())!;
        const total = (await page.locator('.orders-list__total').first().boundingBox())!;
        expect(card.x + card.width - (total.x + total.width)).toBeLessThanOrEqual(25);
        // The current section is marked in one style, the account's own (ink, white text).
        const current = page.locator('.account-layout__link[aria-current="page"]');
        expect(await current.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
        await recordScreenshot(page, `account-orders-${width}`);
      } finally {
        await page.close();
      }
    },
  );

  it('given the order page on a 360 px phone, when Write a review opens, then its form fits the screen with styled fields, 44 px rating chips and a way back', async () => {
    const page = await shop.context.newPage();
    try {
      await page.setViewportSize({ width: 360, height: 740 });
      const orderId = new URL(confirmationUrl).searchParams.get('orderId');
      await page.goto(shop.url(`/account/orders/${orderId}`));
      await page.getByRole('button', { name: 'Write a review' }).first().click();
      const form = page.getByRole('form', { name: 'Review of A4 Poster' });
      await form.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const text = (await form.getByLabel('Your review').boundingBox())!;
      expect(text.width).toBeGreaterThan(250);
      expect(text.height).toBeGreaterThan(80);
      for (const chip of await form.locator('.write-review__rating label').all())
        expect((await chip.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await recordScreenshot(page, 'write-review-phone');
      await form.getByRole('button', { name: 'Cancel' }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Write a review' }).first().waitFor();
    } finally {
      await page.close();
    }
  });

  it('given a new account address with a bad ZIP Code, then the spec message shows on the field', async () => {
    const { page } = shop;
    await page.goto(shop.url('/account/addresses/new'));
    await control('Country').selectOption('US');
    await control('Full name').fill('Grace Hopper');
    await control('Phone number').fill('202 555 0101');
    await control('Address line 1').fill('2 Navy Way');
    await control('City').fill('Arlington');
    await control('State').selectOption('VA');
    await control('ZIP Code').fill('2220');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await page.getByText('Please enter a valid ZIP Code').waitFor();
    await expect(control('ZIP Code').getAttribute('aria-invalid')).resolves.toBe('true');
    expect(page.url()).toBe(shop.url('/account/addresses/new'));
    await shop.screenshot('account-address-bad-postal-code');
  });
});
