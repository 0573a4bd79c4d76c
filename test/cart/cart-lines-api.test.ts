// The cart's lines over HTTP (API.md "Cart"): guests by their cart_session cookie; every call and
// its errors; prices from the catalog only; another browser's lines are out of reach; 200
// concurrent adds on one cart.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cartItemResponseSchema, QUANTITY_MESSAGES } from '@printshop/shared-events/api/cart';
import type { TestApp } from '@printshop/test/support/app';
import { appPerFile } from '@printshop/test/support/app-per-file';
import { CART_MESSAGES } from '@printshop/command-service/cart/decide';
import { add, cartOf, collageData, expectError } from './cart-api-support';
import { browser } from './support';

let app: TestApp;
appPerFile({ label: 'cart_lines_api' }, (started) => (app = started));

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

  it('given an add answered late or lost, when it is sent again with the same event_id, then the cart holds it once', async () => {
    const guest = browser(app);
    const image = await guest.uploadImage();
    const body = { sku: 'POSTERA4', quantity: 2, croppedImageId: image, event_id: `add-${randomUUID()}` };
    const first = await add(guest, body);
    // Retried one after the other and three at once (two tabs, a double press, a client retry).
    const again = [await add(guest, body), ...(await Promise.all([1, 2, 3].map(() => add(guest, body))))];
    expect(again).toEqual(again.map(() => first));
    expect((await cartOf(guest)).items.map((i) => [i.id, i.quantity])).toEqual([[first.id, 2]]);
    // Another add of the same poster, under its own event_id, is another 2 of it.
    await add(guest, { ...body, event_id: `add-${randomUUID()}` });
    expect((await cartOf(guest)).items.map((i) => [i.id, i.quantity])).toEqual([[first.id, 4]]);
  });

  it('given an add whose line was removed since, when it is retried with its event_id, then it is refused, not added back', async () => {
    const guest = browser(app);
    const body = {
      sku: 'POSTERA4',
      quantity: 1,
      croppedImageId: await guest.uploadImage(),
      event_id: 'evt-gone',
    };
    const line = await add(guest, body);
    expect((await guest.call('DELETE', `/api/cart/item/${line.id}`)).status).toBe(200);
    expectError(await guest.call('POST', '/api/cart/item', body), 409, CART_MESSAGES.addedAndRemoved);
    expect((await cartOf(guest)).items).toEqual([]);
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
      [2 ** 53, QUANTITY_MESSAGES.tooMany],
      [1e308, QUANTITY_MESSAGES.tooMany],
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
