// The owner's catalog over HTTP (API.md "Admin": catalog): a price, a name, a hidden product reach
// the storefront and the cart; every change has its history; bad input is refused with a clear
// message; only admins may call.
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCatalogResponseSchema,
  adminProductResponseSchema,
  catalogHistoryResponseSchema,
  pricePreviewResponseSchema,
} from '@printshop/shared-events/api/catalog-admin';
import { productResponseSchema, productsResponseSchema } from '@printshop/shared-events/api/catalog';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import { PRODUCTS } from '@printshop/shared-events/rules/catalog';
import type { TestApp } from '@printshop/test/support/app';
import { browser } from '../cart/support';
import { ADMIN_EMAIL, adminApi, api, startAdminApp, type Api, type Reply } from '../admin/support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('catalog_admin');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

const patch = (client: Api, path: string, body: unknown) => client.call('PATCH', path, body);
const expectError = (answer: Reply, status: number, message: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(errorResponseSchema.parse(answer.body).message).toBe(message);
};

describe('admin only', () => {
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/api/admin/catalog'],
    ['PATCH', '/api/admin/catalog/4X6PHOTOPRINT', { priceUsdCents: 1 }],
    ['GET', '/api/admin/catalog/4X6PHOTOPRINT/history'],
    ['GET', '/api/admin/catalog/4X6PHOTOPRINT/price-preview?priceUsdCents=1'],
    ['GET', '/api/admin/settings'],
    ['PATCH', '/api/admin/settings', { freeShippingThresholdUsdCents: 1 }],
    ['GET', '/api/admin/settings/history'],
  ];

  it.each(calls)('given no sign-in, when %s %s, then 401', async (method, path, body) => {
    expect((await api(app).call(method, path, body)).status).toBe(401);
  });

  it.each(calls)('given a customer, when %s %s, then 403 and nothing changes', async (method, path, body) => {
    const customer = browser(app);
    await customer.register();
    const answer = await customer.call(method, path, body);
    expect(answer.status).toBe(403);
    const products = productsResponseSchema.parse((await api(app).get('/api/products')).body).data;
    expect(products.find((p) => p.sku === '4X6PHOTOPRINT')?.price).not.toBe(0.01);
  });
});

describe('GET /api/admin/catalog', () => {
  it('given a new shop, when listed, then every product of the code is there with its seed price', async () => {
    const answer = await admin.get('/api/admin/catalog');
    expect(answer.status).toBe(200);
    const { products } = adminCatalogResponseSchema.parse(answer.body);
    expect(products.map((p) => p.sku)).toEqual(PRODUCTS.map((p) => p.sku));
    expect(products.find((p) => p.sku === 'POSTERA3')).toMatchObject({ priceUsdCents: 198, hidden: false });
    expect(products.find((p) => p.sku === 'TEMPLATE3_COLLAGE')?.sizePrices).toEqual({
      A5: 399,
      A4: 499,
      A3: 799,
    });
  });
});

describe('PATCH /api/admin/catalog/:sku', () => {
  it('given a shopper’s cart, when the admin prices the 5x7 print at 89 cents and renames it, then the product page, the cart and the history show it', async () => {
    const shopper = browser(app);
    const croppedImageId = await shopper.uploadImage();
    expect(
      (await shopper.call('POST', '/api/cart/item', { sku: '5X7PHOTOPRINT', quantity: 2, croppedImageId }))
        .status,
    ).toBe(201);

    const answer = await patch(admin, '/api/admin/catalog/5x7photoprint', {
      priceUsdCents: 89,
      name: '5x7 Prints | Print Photos Online',
      description: 'Lustre paper.',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(adminProductResponseSchema.parse(answer.body).product).toMatchObject({
      sku: '5X7PHOTOPRINT',
      priceUsdCents: 89,
      description: 'Lustre paper.',
    });

    const page = await admin.get('/api/products/5X7PHOTOPRINT');
    expect(productResponseSchema.parse(page.body).data).toMatchObject({
      price: 0.89,
      name: '5x7 Prints | Print Photos Online',
      description: 'Lustre paper.',
    });
    const cart = await shopper.call('GET', '/api/cart?currency=USD&country=US');
    expect(cart.body.items[0]).toMatchObject({ sku: '5X7PHOTOPRINT', pricePerUnit: 0.89, lineTotal: 1.78 });

    const history = catalogHistoryResponseSchema.parse(
      (await admin.get('/api/admin/catalog/5X7PHOTOPRINT/history')).body,
    ).changes;
    expect(history.map((c) => [c.field, c.before, c.after])).toEqual([
      ['description', '', 'Lustre paper.'],
      ['name', '5x7 Photo Prints | Print Photos Online', '5x7 Prints | Print Photos Online'],
      ['price', 79, 89],
    ]);
    expect(history[0]).toMatchObject({ by: expect.stringMatching(/^admin:/), byEmail: ADMIN_EMAIL });
  });

  it('given a collage, when one size is priced, then that size SKU costs the new price in the cart', async () => {
    const answer = await patch(admin, '/api/admin/catalog/TEMPLATE3_COLLAGE', { sizePrices: { A3: 899 } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.product.sizePrices).toEqual({ A5: 399, A4: 499, A3: 899 });
    const product = productResponseSchema.parse(
      (await admin.get('/api/products/TEMPLATE3_COLLAGE')).body,
    ).data;
    expect(product.sizes?.find((s) => s.id === 'A3')?.price).toBe(8.99);
  });

  it('given a product, when hidden, then it leaves the lists, search and its page and cannot be added; shown again, it is back', async () => {
    const shopper = browser(app);
    const croppedImageId = await shopper.uploadImage();
    expect((await patch(admin, '/api/admin/catalog/SQUAREPHOTO4INCH', { hidden: true })).status).toBe(200);

    const list = productsResponseSchema.parse((await admin.get('/api/products')).body).data;
    expect(list.map((p) => p.sku)).not.toContain('SQUAREPHOTO4INCH');
    expect((await admin.get('/api/search?q=square')).body.data.map((p: { sku: string }) => p.sku)).toEqual([
      'SQUAREPHOTO3INCH',
    ]);
    expectError(
      await admin.get('/api/products/SQUAREPHOTO4INCH'),
      404,
      'This product is no longer available.',
    );
    const add = await shopper.call('POST', '/api/cart/item', {
      sku: 'SQUAREPHOTO4INCH',
      quantity: 1,
      croppedImageId,
    });
    expect(add.status).toBe(400);
    expect(add.body.message).toBe('"SQUAREPHOTO4INCH" is no longer available.');
    const listed = adminCatalogResponseSchema.parse((await admin.get('/api/admin/catalog')).body).products;
    expect(listed.find((p) => p.sku === 'SQUAREPHOTO4INCH')?.hidden).toBe(true);

    expect((await patch(admin, '/api/admin/catalog/SQUAREPHOTO4INCH', { hidden: false })).status).toBe(200);
    expect((await admin.get('/api/products/SQUAREPHOTO4INCH')).status).toBe(200);
    const again = await shopper.call('POST', '/api/cart/item', {
      sku: 'SQUAREPHOTO4INCH',
      quantity: 1,
      croppedImageId,
    });
    expect(again.status).toBe(201);
  });

  it.each([
    [{ priceUsdCents: -5 }, 'A price is a whole number of USD cents, 0 or more (e.g. 39 for $0.39).'],
    [{ priceUsdCents: 12.5 }, 'A price is a whole number of USD cents, 0 or more (e.g. 39 for $0.39).'],
    [{ sizePrices: { A4: 100 } }, '"8X10PHOTOPRINT" has no sizes: set its price with priceUsdCents.'],
    [{ name: '' }, 'The name must have 1 to 300 characters.'],
  ])('given %j, when sent, then 400 with a clear message', async (body, message) => {
    expectError(await patch(admin, '/api/admin/catalog/8X10PHOTOPRINT', body), 400, message);
  });

  it('given a price that is not a number, when sent, then 400', async () => {
    expect((await patch(admin, '/api/admin/catalog/8X10PHOTOPRINT', { priceUsdCents: 'cheap' })).status).toBe(
      400,
    );
  });

  it('given an unknown SKU, when edited, then 404', async () => {
    expectError(
      await patch(admin, '/api/admin/catalog/NOSUCHTHING', { priceUsdCents: 10 }),
      404,
      'We have no product with the SKU "NOSUCHTHING".',
    );
    expect((await admin.get('/api/admin/catalog/NOSUCHTHING/history')).status).toBe(404);
  });
});

describe('GET /api/admin/catalog/:sku/price-preview', () => {
  it('given two carts holding the A4 poster, when a new price is previewed, then both come with their subtotal before and after, and nothing changes', async () => {
    const carts = [browser(app), browser(app)];
    for (const [index, shopper] of carts.entries()) {
      const croppedImageId = await shopper.uploadImage();
      const answer = await shopper.call('POST', '/api/cart/item', {
        sku: 'POSTERA4',
        quantity: index + 1,
        croppedImageId,
      });
      expect(answer.status).toBe(201);
      admin.observe(answer.headers.get('x-event-position'));
    }
    const answer = await admin.get('/api/admin/catalog/POSTERA4/price-preview?priceUsdCents=200');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const preview = pricePreviewResponseSchema.parse(answer.body);
    expect(preview).toMatchObject({ sku: 'POSTERA4', currentUsdCents: 178, newUsdCents: 200 });
    expect(
      preview.carts.map((c) => [c.quantity, c.subtotalBeforeUsdCents, c.subtotalAfterUsdCents]).sort(),
    ).toEqual([
      [1, 178, 200],
      [2, 356, 400],
    ]);
    const product = productResponseSchema.parse((await admin.get('/api/products/POSTERA4')).body).data;
    expect(product.price).toBe(1.78);
  });

  it('given a bad price or a collage without its size, when previewed, then 400', async () => {
    expect((await admin.get('/api/admin/catalog/POSTERA4/price-preview?priceUsdCents=-1')).status).toBe(400);
    expect(
      (await admin.get('/api/admin/catalog/TEMPLATE3_COLLAGE/price-preview?priceUsdCents=5')).status,
    ).toBe(400);
  });
});

describe('catalog answers', () => {
  it('given a catalog answer, when asked again with its ETag, then 304; it is revalidated on every use', async () => {
    const first = await fetch(`${app.url}/api/products`);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // As a browser revalidates (fetch itself would add Cache-Control: no-cache, which forces a 200).
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get(`${app.url}/api/products`, { headers: { 'if-none-match': etag! } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on('error', reject);
    });
    expect(status).toBe(304);
  });
});
