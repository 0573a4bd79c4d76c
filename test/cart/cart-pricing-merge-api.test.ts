// The priced cart over HTTP (API.md "Cart", "Loyalty"): currencies and shipping by country, loyalty
// points redeemed on it, and the guest cart merged into the user's on sign-in.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import { allEvents } from '@printshop/shared-events/all-events';
import { loyaltyStreamName } from '@printshop/shared-events/events/loyalty';
import { createPostgresEventStore } from '@printshop/infra/postgres/event-store';
import type { TestApp } from '@printshop/test/support/app';
import { appPerFile } from '@printshop/test/support/app-per-file';
import { CART_MESSAGES } from '@printshop/command-service/cart/decide';
import { add, cartOf, collageData, expectError } from './cart-api-support';
import { browser, type Browser } from './support';

let app: TestApp;
appPerFile({ label: 'cart_priced_api' }, (started) => (app = started));

describe('currencies and shipping', () => {
  let guest: Browser;
  beforeAll(async () => {
    guest = browser(app);
    // 8x10 prints at 1.49 USD, below the 50-print band: 33 = 49.17 USD, 34 = 50.66 USD.
    await add(guest, { sku: '8X10PHOTOPRINT', quantity: 33, croppedImageId: await guest.uploadImage() });
  });

  it('charges base shipping just under the US threshold and none once reached', async () => {
    expect(await cartOf(guest)).toMatchObject({ subtotal: 49.17, shippingFee: 10, grandTotal: 59.17 });
    const image = await guest.uploadImage();
    const one = await add(guest, { sku: '8X10PHOTOPRINT', quantity: 1, croppedImageId: image });
    expect(await cartOf(guest)).toMatchObject({ subtotal: 50.66, shippingFee: 0, grandTotal: 50.66 });
    expect((await cartOf(guest)).shippingInfo.isFree).toBe(true);
    await guest.call('DELETE', `/api/cart/item/${one.id}`);
  });

  it('answers in euros for Germany: lines converted one by one, German fee in euros', async () => {
    const cart = await cartOf(guest, '?currency=EUR&country=DE');
    // 1.49 USD x 0.92 = 1.3708 -> 1.37 EUR; 33 x 1.37 = 45.21 >= 45 EUR -> free in Germany
    expect(cart).toMatchObject({
      currency: 'EUR',
      country: 'DE',
      subtotal: 45.21,
      shippingFee: 0,
      freeShippingThreshold: 45,
    });
    expect(cart.items[0]).toMatchObject({ pricePerUnit: 1.37, lineTotal: 45.21 });
    expect(cart.shippingInfo).toMatchObject({
      country: 'DE',
      countryName: 'Germany',
      currency: 'EUR',
      baseRate: 9,
      isFree: true,
    });
  });

  it('answers in pounds for Britain with the £8 fee below £40, and in whole yen for Japan', async () => {
    // 1.49 USD x 0.79 = 1.1771 -> £1.18; 33 x 1.18 = £38.94 < £40
    expect(await cartOf(guest, '?currency=GBP&country=GB')).toMatchObject({
      subtotal: 38.94,
      shippingFee: 8,
      grandTotal: 46.94,
    });
    // 1.49 x 149 = 222.01 -> 222 yen; 33 x 222 = 7326 < 7500 yen
    const yen = await cartOf(guest, '?currency=JPY&country=JP');
    expect(yen).toMatchObject({
      subtotal: 7326,
      shippingFee: 1500,
      grandTotal: 8826,
      freeShippingThreshold: 7500,
    });
    expect(Number.isInteger(yen.items[0]!.pricePerUnit)).toBe(true);
  });

  it('uses the rest-of-world rule for a country without one, and refuses bad values', async () => {
    expect((await cartOf(guest, '?country=BR')).shippingInfo).toMatchObject({
      country: 'BR',
      zone: 'rest_of_world',
    });
    expect(await cartOf(guest, '?currency=&country=')).toMatchObject({ currency: 'USD', country: 'US' });
    const currency = expectError(await guest.call('GET', '/api/cart?currency=XYZ'), 400, /Unknown currency/);
    expect(Object.keys(currency.errors ?? {})).toEqual(['currency']);
    const country = expectError(await guest.call('GET', '/api/cart?country=USA'), 400, /two-letter code/);
    expect(Object.keys(country.errors ?? {})).toEqual(['country']);
  });
});

describe('loyalty redemption', () => {
  async function earn(userId: string, points: number) {
    const store = createPostgresEventStore({
      db: app.db,
      connectionString: '',
      registry: new EventRegistry(allEvents),
    });
    await store.appendToStream(loyaltyStreamName(userId), [
      {
        type: 'PointsEarned',
        data: { orderId: randomUUID(), orderNumber: 'PS-TEST', points, at: new Date().toISOString() },
      },
    ]);
  }

  it('is for signed-in customers only', async () => {
    const guest = browser(app);
    expectError(await guest.call('POST', '/api/loyalty/redeem', { pointsToRedeem: 500 }), 401, /sign in/);
  });

  it('applies points up to the balance to the cart, and refuses more than the balance', async () => {
    const customer = browser(app);
    const { userId } = await customer.register();
    // 3 A3 collages = 23.97 USD
    const slots = [await customer.uploadImage()];
    await add(customer, {
      sku: 'TEMPLATE18_COLLAGE_A3',
      quantity: 3,
      croppedImageId: await customer.uploadImage(),
      customizationData: collageData(slots),
    });

    expectError(
      await customer.call('POST', '/api/loyalty/redeem', { pointsToRedeem: 500 }),
      422,
      CART_MESSAGES.pointsOverBalance(0),
    );
    await earn(userId, 800);
    expectError(
      await customer.call('POST', '/api/loyalty/redeem', { pointsToRedeem: 499 }),
      422,
      CART_MESSAGES.pointsBelowMinimum,
    );
    const bad = await customer.call('POST', '/api/loyalty/redeem', { pointsToRedeem: 'lots' });
    expect(bad.status).toBe(400);

    const redeemed = await customer.call('POST', '/api/loyalty/redeem', { pointsToRedeem: 600 });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect(redeemed.body).toMatchObject({ success: true, balance: 800, discount: 6 });
    expect(await cartOf(customer)).toMatchObject({
      subtotal: 23.97,
      discount: 6,
      shippingFee: 10,
      grandTotal: 27.97,
      loyaltyPointsUsed: 600,
      loyaltyDiscount: 6,
    });
    expectError(
      await customer.call('POST', '/api/loyalty/redeem', { pointsToRedeem: 801 }),
      422,
      CART_MESSAGES.pointsOverBalance(800),
    );
  });
});

describe('merging the guest cart on sign-in', () => {
  it('given a guest with two lines, when the guest registers, then the user cart has both lines', async () => {
    const b = browser(app);
    const [a, c] = [await b.uploadImage(), await b.uploadImage()];
    const poster = await add(b, { sku: 'POSTERA4', quantity: 2, croppedImageId: a });
    const print = await add(b, { sku: '4X6PHOTOPRINT', quantity: 1, croppedImageId: c });
    const guestCartId = (await cartOf(b)).cartId;

    await b.register();
    const mine = await cartOf(b);
    expect(mine.cartId).toMatch(/^u-/);
    expect(mine.items.map((i) => [i.id, i.sku, i.quantity])).toEqual([
      [poster.id, 'POSTERA4', 2],
      [print.id, '4X6PHOTOPRINT', 1],
    ]);

    // Signed out, the same browser's guest cart is empty: the lines moved, nothing was copied.
    b.signOut();
    const guestCart = await cartOf(b);
    expect(guestCart.cartId).toBe(guestCartId);
    expect(guestCart.items).toEqual([]);
  });

  it('given the same line in both carts, when the guest logs in, then the quantities add; logging in again changes nothing', async () => {
    const b = browser(app);
    const image = await b.uploadImage();
    const { email, password } = await b.register();
    const credentials = { email, password };
    const line = await add(b, { sku: 'POSTERA4', quantity: 3, croppedImageId: image });

    b.signOut();
    await add(b, { sku: 'POSTERA4', quantity: 4, croppedImageId: image });
    const other = await add(b, { sku: 'POSTERA3', quantity: 1, croppedImageId: image });

    expect((await b.login(credentials)).status).toBe(200);
    const merged = await cartOf(b);
    expect(merged.items.map((i) => [i.id, i.quantity])).toEqual([
      [line.id, 7],
      [other.id, 1],
    ]);

    expect((await b.login(credentials)).status).toBe(200);
    expect((await cartOf(b)).items.map((i) => [i.id, i.quantity])).toEqual([
      [line.id, 7],
      [other.id, 1],
    ]);
  });

  it('given another browser, when it signs in to the same account, then it brings its own guest lines only', async () => {
    const first = browser(app);
    const { email, password } = await first.register();
    const credentials = { email, password };
    await add(first, { sku: 'POSTERA4', quantity: 1, croppedImageId: await first.uploadImage() });

    const second = browser(app);
    const theirs = await add(second, {
      sku: 'POSTER1218',
      quantity: 2,
      croppedImageId: await second.uploadImage(),
    });
    expect((await second.login(credentials)).status).toBe(200);
    const cart = await cartOf(second);
    expect(cart.items.map((i) => [i.sku, i.quantity])).toEqual([
      ['POSTERA4', 1],
      ['POSTER1218', 2],
    ]);
    expect(cart.items[1]!.id).toBe(theirs.id);
  });
});
