// The catalog calls over HTTP (API.md "Catalog and settings"): every answer parses with the shared
// response schemas the frontend uses, and is cacheable for a short while.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productResponseSchema,
  productsResponseSchema,
  searchResponseSchema,
  settingsResponseSchema,
} from '@printshop/shared-events/api/catalog';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import { PRODUCTS } from '@printshop/shared-events/rules/catalog';
import { CURRENCY_CODES } from '@printshop/shared-events/rules/currencies';
import { SHIPPING_RULES } from '@printshop/shared-events/rules/shipping';
import { startTestApp, type TestApp } from '@printshop/test/support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ label: 'catalog' });
});
afterAll(async () => {
  await app?.stop();
});

async function get(path: string) {
  const response = await fetch(`${app.url}${path}`);
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

/** Shared caches may keep a catalog answer, but every use revalidates it (the owner changes it at any time). */
const expectRevalidated = (headers: Headers) => {
  expect(headers.get('cache-control')).toBe('public, no-cache');
  expect(headers.get('etag')).toBeTruthy();
};

describe('GET /api/products', () => {
  it('when listing, then every product of the catalog comes with its USD price, path and image', async () => {
    const { status, headers, body } = await get('/api/products');
    expect(status).toBe(200);
    expectRevalidated(headers);
    const answer = productsResponseSchema.parse(body);
    expect(answer.data.map((p) => p.sku)).toEqual(PRODUCTS.map((p) => p.sku));
    expect(answer.data.find((p) => p.sku === 'POSTERA4')).toMatchObject({
      category: 'Posters',
      family: 'posters',
      price: 1.78,
    });
    expect(answer.message).toEqual(expect.any(String));
  });
});

describe('GET /api/products/:sku', () => {
  it('when asking for a known SKU (any case), then that product comes back', async () => {
    const { status, body } = await get('/api/products/postera3');
    expect(status).toBe(200);
    expect(productResponseSchema.parse(body).data).toMatchObject({ sku: 'POSTERA3', price: 1.98 });
  });

  it('when asking for a collage size SKU, then its product comes back with the sizes', async () => {
    const collage = PRODUCTS.find((p) => p.sizes)!;
    const sizeSku = collage.sizes![0]!.sku;
    const { status, body } = await get(`/api/products/${sizeSku}`);
    expect(status).toBe(200);
    const product = productResponseSchema.parse(body).data;
    expect(product.sku).toBe(collage.sku);
    expect(product.sizes?.map((s) => s.sku)).toContain(sizeSku);
  });

  it('when asking for an unknown SKU, then it is 404', async () => {
    const { status, body } = await get('/api/products/NO_SUCH_THING');
    expect(status).toBe(404);
    expect(errorResponseSchema.parse(body)).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('GET /api/search', () => {
  it('when searching by a word of the name, in any case, then the matching products come back', async () => {
    const { status, headers, body } = await get('/api/search?q=POSTER');
    expect(status).toBe(200);
    expectRevalidated(headers);
    const skus = searchResponseSchema.parse(body).data.map((p) => p.sku);
    expect(skus).toEqual(expect.arrayContaining(['POSTERA4', 'POSTERA3', 'POSTER1218']));
  });

  it('when searching by category or by SKU, then those products come back', async () => {
    const byCategory = searchResponseSchema.parse((await get('/api/search?q=greeting%20cards')).body).data;
    expect(byCategory.length).toBeGreaterThan(0);
    expect(byCategory.every((p) => p.category === 'Greeting Cards' || /greeting cards/i.test(p.name))).toBe(
      true,
    );
    const bySku = searchResponseSchema.parse((await get('/api/search?q=4x6photo')).body).data;
    expect(bySku.map((p) => p.sku)).toEqual(['4X6PHOTOPRINT']);
  });

  it('when nothing matches, then the list is empty', async () => {
    const { status, body } = await get('/api/search?q=submarine');
    expect(status).toBe(200);
    expect(searchResponseSchema.parse(body).data).toEqual([]);
  });

  it.each([
    ['no q', '/api/search'],
    ['an empty q', '/api/search?q='],
    ['a blank q', '/api/search?q=%20%20'],
    ['a q over 200 characters', `/api/search?q=${'a'.repeat(201)}`],
  ])('when searching with %s, then it is 400 naming q', async (_, path) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    const error = errorResponseSchema.parse(body);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.errors).toHaveProperty('q');
  });
});

describe('GET /api/settings', () => {
  it('when asked, then it has the 50 USD banner threshold, the 25 currencies and the 41 shipping countries', async () => {
    const { status, headers, body } = await get('/api/settings');
    expect(status).toBe(200);
    expectRevalidated(headers);
    const settings = settingsResponseSchema.parse(body);
    expect(settings.freeShippingThresholdUsd).toBe(50);
    expect(settings.currencies.map((c) => c.code)).toEqual([...CURRENCY_CODES]);
    expect(settings.currencies.find((c) => c.code === 'JPY')).toMatchObject({ ratePerUsd: 149, decimals: 0 });
    expect(settings.shippingCountries).toHaveLength(41);
    expect(settings.shippingCountries.map((r) => r.country)).toEqual(SHIPPING_RULES.map((r) => r.country));
    expect(settings.shippingCountries.find((r) => r.country === 'US')).toMatchObject({
      baseRate: 10,
      freeShippingThreshold: 50,
      estimatedDays: { min: 10, max: 15 },
    });
  });
});
