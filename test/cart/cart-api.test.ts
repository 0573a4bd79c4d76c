// The cart over HTTP (API.md "Cart", "Loyalty"): guests by their cart_session cookie, users by
// token; every call and its errors; prices from the catalog only; another browser's lines are out
// of reach; 200 concurrent adds on one cart; currencies and shipping; the merge on sign-in.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartItemResponseSchema,
  cartResponseSchema,
  QUANTITY_MESSAGES,
} from '@printshop/shared-events/api/cart';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import { allEvents } from '@printshop/shared-events/all-events';
import { loyaltyStreamName } from '@printshop/shared-events/events/loyalty';
import { createPostgresEventStore } from '@printshop/infra/postgres/event-store';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { CART_MESSAGES } from '@printshop/command-service/cart/decide';
import { browser, type Browser } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ label: 'cart_api' });
});
afterAll(async () => {
  await app?.stop();
});

const collageData = (imageIds: string[]) => ({
  templatePath: '/images/products/template18.png',
  templateName: 'Studio Model Grid - 9 Photos',
  size: 'A4',
  sizeName: 'A4',
  dimensions: '210 x 297 mm',
  images: imageIds.map((imageId, slotId) => ({
    slotId,
    imageId,
    position: { x: 0, y: 0, width: 10, height: 10 },
  })),
});

async function cartOf(b: Browser, query = '') {
  const answer = await b.call('GET', `/api/cart${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.headers.get('x-stale')).toBeNull();
  return cartResponseSchema.parse(answer.body);
}

async function add(b: Browser, body: Record<string, unknown>) {
  const answer = await b.call('POST', '/api/cart/item', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(Number(answer.headers.get('x-event-position'))).toBeGreaterThan(0);
  return cartItemResponseSchema.parse(answer.body).item;
}

function expectError(answer: { status: number; body: unknown }, status: number, message: string | RegExp) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const body = errorResponseSchema.parse(answer.body);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  return body;
}

describe('a guest cart', () => {
  it('given a new browser, when it reads its cart, then the cart is empty and free of charges', async () => {
    const guest = browser(app);
    const cart = await cartOf(guest);
    expect(cart).toMatchObject({
      cartId: expect.stringMatching(/^g-/),
      currency: 'USD',
      country: 'US',
      items: [],
      totalQuantity: 0,
      subtotal: 0,
      discount: 0,
      shippingFee: 0,
      grandTotal: 0,
      freeShippingThreshold: 50,
    });
    expect(cart.shippingInfo).toMatchObject({
      country: 'US',
      zone: 'north_america',
      baseRate: 10,
      isFree: false,
    });
    expect(guest.hasGuestCookie).toBe(true);
  });

  it('given an uploaded image, when a poster is added with a tampered price, then the catalog price is used', async () => {
    const guest = browser(app);
    const image = await guest.uploadImage();
    const item = await add(guest, {
      sku: 'POSTERA4',
      quantity: 2,
      croppedImageId: image,
      event_id: 'evt-1',
      price: 0.01,
      pricePerUnit: 0.01,
      lineTotal: 0.02,
    });
    expect(item).toMatchObject({
      sku: 'POSTERA4',
      name: 'A4 Poster | Customized Poster Print',
      quantity: 2,
      pricePerUnit: 1.78,
      lineTotal: 3.56,
      cropped_image_id: image,
      raw_image_id: null,
      imageUrl: `/images/${image}`,
    });
    const cart = await cartOf(guest);
    expect(cart.items).toEqual([item]);
    expect(cart).toMatchObject({ totalQuantity: 2, subtotal: 3.56, shippingFee: 10, grandTotal: 13.56 });
  });

  it('given a line, when the same product and image is added again, then that line grows', async () => {
    const guest = browser(app);
    const [raw, cropped] = [await guest.uploadImage(), await guest.uploadImage()];
    const first = await add(guest, {
      sku: '4X6PHOTOPRINT',
      quantity: 2,
      rawImageId: raw,
      croppedImageId: cropped,
    });
    const again = await add(guest, {
      sku: '4x6photoprint',
      quantity: 3,
      rawImageId: raw,
      croppedImageId: cropped,
    });
    expect(again).toMatchObject({ id: first.id, quantity: 5, raw_image_id: raw, lineTotal: 1.95 });
    // A write answers its item in ?currency= when asked: 0.39 USD x 0.92 = 0.3588 -> 0.36 EUR.
    const inEuros = await guest.call('PUT', `/api/cart/item/${first.id}?currency=EUR`, { quantity: 6 });
    expect(inEuros.body).toMatchObject({ item: { quantity: 6, pricePerUnit: 0.36, lineTotal: 2.16 } });
    expect((await guest.call('PUT', `/api/cart/item/${first.id}?currency=XYZ`, { quantity: 5 })).status).toBe(
      400,
    );
    // The refused write wrote nothing: still 6.
    expect((await cartOf(guest)).items.map((i) => [i.id, i.quantity])).toEqual([[first.id, 6]]);
  });

  it('changes a quantity, removes at 0, and deletes a line', async () => {
    const guest = browser(app);
    const [a, b] = [await guest.uploadImage(), await guest.uploadImage()];
    const lineA = await add(guest, { sku: 'POSTERA3', quantity: 1, croppedImageId: a });
    const lineB = await add(guest, { sku: 'POSTERA3', quantity: 1, croppedImageId: b });

    const changed = await guest.call('PUT', `/api/cart/item/${lineA.id}`, { quantity: 4 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      success: true,
      item: { id: lineA.id, quantity: 4, lineTotal: 7.92 },
    });

    const zero = await guest.call('PUT', `/api/cart/item/${lineA.id}`, { quantity: 0 });
    expect(zero.status).toBe(200);
    expect(zero.body).toEqual({ success: true });

    const negative = await guest.call('PUT', `/api/cart/item/${lineB.id}`, { quantity: -2 });
    expect(negative.body).toEqual({ success: true });
    expect((await cartOf(guest)).items).toEqual([]);

    const lineC = await add(guest, { sku: 'POSTERA3', quantity: 1, croppedImageId: a });
    const deleted = await guest.call('DELETE', `/api/cart/item/${lineC.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect(Number(deleted.headers.get('x-event-position'))).toBeGreaterThan(0);
    expectError(await guest.call('DELETE', `/api/cart/item/${lineC.id}`), 404, CART_MESSAGES.itemNotFound);
    expectError(
      await guest.call('PUT', `/api/cart/item/${lineC.id}`, { quantity: 2 }),
      404,
      CART_MESSAGES.itemNotFound,
    );
    expect((await cartOf(guest)).items).toEqual([]);
  });

  it('refuses quantities over 10,000, fractions, zero on add, and non-numbers, with field messages', async () => {
    const guest = browser(app);
    const image = await guest.uploadImage();
    const body = { sku: 'POSTERA4', croppedImageId: image };
    const cases: Array<[unknown, string]> = [
      [10_001, QUANTITY_MESSAGES.tooMany],
      [1.5, QUANTITY_MESSAGES.whole],
      [0, QUANTITY_MESSAGES.atLeastOne],
      ['3', QUANTITY_MESSAGES.number],
    ];
    for (const [quantity, message] of cases) {
      const refused = expectError(
        await guest.call('POST', '/api/cart/item', { ...body, quantity }),
        400,
        /not valid/,
      );
      expect(refused.errors).toEqual({ quantity: message });
    }
    const line = await add(guest, { ...body, quantity: 10_000 });
    expect(line.quantity).toBe(10_000);
    const over = expectError(
      await guest.call('PUT', `/api/cart/item/${line.id}`, { quantity: 10_001 }),
      400,
      /not valid/,
    );
    expect(over.errors).toEqual({ quantity: QUANTITY_MESSAGES.tooMany });
    const fraction = await guest.call('PUT', `/api/cart/item/${line.id}`, { quantity: 1.5 });
    expect(fraction.status).toBe(400);
    expectError(
      await guest.call('POST', '/api/cart/item', { ...body, quantity: 1 }),
      400,
      CART_MESSAGES.lineFull(10_000),
    );
  });

  it('refuses an unknown SKU, a collage without its customization, and a missing image id', async () => {
    const guest = browser(app);
    const image = await guest.uploadImage();
    const unknown = expectError(
      await guest.call('POST', '/api/cart/item', { sku: 'NOSUCHPRINT', quantity: 1, croppedImageId: image }),
      400,
      CART_MESSAGES.unknownSku('NOSUCHPRINT'),
    );
    expect(unknown.errors).toEqual({ sku: CART_MESSAGES.unknownSku('NOSUCHPRINT') });
    expectError(
      await guest.call('POST', '/api/cart/item', {
        sku: 'TEMPLATE18_COLLAGE_A4',
        quantity: 1,
        croppedImageId: image,
      }),
      400,
      CART_MESSAGES.collageNeedsCustomization,
    );
    const missing = expectError(
      await guest.call('POST', '/api/cart/item', { sku: 'POSTERA4', quantity: 1 }),
      400,
      /not valid/,
    );
    expect(Object.keys(missing.errors ?? {})).toEqual(['croppedImageId']);
  });

  it('adds a collage with its customizationData and gives it back', async () => {
    const guest = browser(app);
    const slots = [await guest.uploadImage(), await guest.uploadImage()];
    const composed = await guest.uploadImage();
    const customizationData = collageData(slots);
    const item = await add(guest, {
      sku: 'TEMPLATE18_COLLAGE_A4',
      quantity: 2,
      croppedImageId: composed,
      customizationData,
    });
    expect(item).toMatchObject({
      sku: 'TEMPLATE18_COLLAGE_A4',
      pricePerUnit: 4.99,
      lineTotal: 9.98,
      customizationData,
    });
    expect((await cartOf(guest)).items[0]?.customizationData).toEqual(customizationData);
  });

  it('adds photo strips with their slot images, and refuses a product that is not a strip', async () => {
    const guest = browser(app);
    const slots = [await guest.uploadImage(), await guest.uploadImage(), await guest.uploadImage()];
    const strip = await guest.uploadImage();
    const images = slots.map((imageId, slot) => ({ imageId, slot }));
    const answer = await guest.call('POST', '/api/cart/photostrips', {
      sku: 'PHOTOSTRIPWHITE',
      quantity: 3,
      croppedImageId: strip,
      images,
      price: 0,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(cartItemResponseSchema.parse(answer.body).item).toMatchObject({
      sku: 'PHOTOSTRIPWHITE',
      quantity: 3,
      pricePerUnit: 0.99,
    });
    expectError(
      await guest.call('POST', '/api/cart/photostrips', {
        sku: 'POSTERA4',
        quantity: 1,
        croppedImageId: strip,
        images,
      }),
      400,
      CART_MESSAGES.notAStrip('POSTERA4'),
    );
    const noImages = await guest.call('POST', '/api/cart/photostrips', {
      sku: 'PHOTOSTRIPWHITE',
      quantity: 1,
      croppedImageId: strip,
      images: [],
    });
    expect(noImages.status).toBe(400);
    expect((await cartOf(guest)).totalQuantity).toBe(3);
  });
});

describe('another browser', () => {
  it('sees its own empty cart and cannot touch, nor use the images of, the first browser', async () => {
    const first = browser(app);
    const image = await first.uploadImage();
    const line = await add(first, { sku: 'POSTERA4', quantity: 1, croppedImageId: image });

    const second = browser(app);
    const theirs = await cartOf(second);
    expect(theirs.items).toEqual([]);
    expect(theirs.cartId).not.toBe((await cartOf(first)).cartId);
    expectError(
      await second.call('PUT', `/api/cart/item/${line.id}`, { quantity: 5 }),
      404,
      CART_MESSAGES.itemNotFound,
    );
    expectError(await second.call('DELETE', `/api/cart/item/${line.id}`), 404, CART_MESSAGES.itemNotFound);
    expectError(
      await second.call('POST', '/api/cart/item', { sku: 'POSTERA4', quantity: 1, croppedImageId: image }),
      404,
      'Image not found.',
    );
    expectError(
      await second.call('POST', '/api/cart/item', {
        sku: 'POSTERA4',
        quantity: 1,
        croppedImageId: randomUUID(),
      }),
      404,
      'Image not found.',
    );
    const ownImage = await second.uploadImage();
    expectError(
      await second.call('POST', '/api/cart/item', {
        sku: 'POSTERA4',
        quantity: 1,
        croppedImageId: ownImage,
        rawImageId: image,
      }),
      404,
      'Image not found.',
    );
    expect((await cartOf(first)).items).toMatchObject([{ id: line.id, quantity: 1 }]);
  });
});

describe('200 concurrent adds on one cart', () => {
  it('counts every one of them exactly, with no server error', async () => {
    const guest = browser(app);
    const images = [await guest.uploadImage(), await guest.uploadImage()];
    const quantities = Array.from({ length: 200 }, (_, i) => (i % 3) + 1);
    const answers = await Promise.all(
      quantities.map((quantity, i) =>
        guest.call('POST', '/api/cart/item', { sku: 'POSTERA4', quantity, croppedImageId: images[i % 2] }),
      ),
    );
    expect(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body])).toEqual([]);
    const cart = await cartOf(guest);
    const expected = quantities.reduce((sum, q) => sum + q, 0);
    expect(cart.totalQuantity).toBe(expected);
    expect(cart.items).toHaveLength(2);
  });
});

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
