// The quantity bands as the owner's over HTTP (API.md "Admin": catalog): PATCH /api/admin/catalog/:sku
// {bands} sets the bands of the product's group; carts priced after it take the new bands, a
// checkout started before keeps its amount; the price preview shows what a band change would do to
// the open carts; every refusal is the JSON error with the message on the input it is about.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCatalogResponseSchema,
  adminProductResponseSchema,
  catalogHistoryResponseSchema,
  pricePreviewResponseSchema,
} from '@printshop/shared-events/api/catalog-admin';
import { settingsResponseSchema } from '@printshop/shared-events/api/catalog';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import { BAND_MESSAGES } from '@printshop/shared-events/rules/quantity-bands';
import type { TestApp } from '@printshop/test/support/app';
import { browser } from '../cart/support';
import { ADMIN_EMAIL, adminApi, api, startAdminApp, type Api } from '../admin/support';
import { ADDRESS, addPrints, CARD_OK } from '../payments/support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('catalog_bands');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

const SEED_POSTER_BANDS = [
  { minQuantity: 10, rateBps: 1124 },
  { minQuantity: 50, rateBps: 2247 },
  { minQuantity: 100, rateBps: 3371 },
];
const NEW_POSTER_BANDS = [
  { minQuantity: 5, rateBps: 1000 },
  { minQuantity: 20, rateBps: 2500 },
];
const setBands = (client: Api, sku: string, bands: unknown) =>
  client.call('PATCH', `/api/admin/catalog/${sku}`, { bands });
const bandsOf = async (sku: string) =>
  adminCatalogResponseSchema
    .parse((await admin.get('/api/admin/catalog')).body)
    .products.find((p) => p.sku === sku)?.bands;
const intentBody = { email: 'bands@example.com', shippingAddress: ADDRESS, currency: 'USD', country: 'US' };

describe('admin only', () => {
  it('given no sign-in or a customer, when bands are sent, then 401 and 403 and the bands stay', async () => {
    expect((await setBands(api(app), 'POSTERA4', NEW_POSTER_BANDS)).status).toBe(401);
    const customer = browser(app);
    await customer.register();
    const answer = await customer.call('PATCH', '/api/admin/catalog/POSTERA4', { bands: NEW_POSTER_BANDS });
    expect(answer.status).toBe(403);
    expect(await bandsOf('POSTERA4')).toEqual(SEED_POSTER_BANDS);
  });
});

describe('GET /api/admin/catalog', () => {
  it('given a new shop, then each product shows its group’s bands (the code’s), a collage none', async () => {
    const { products } = adminCatalogResponseSchema.parse((await admin.get('/api/admin/catalog')).body);
    expect(products.find((p) => p.sku === 'POSTERA3')).toMatchObject({
      bandGroup: 'poster',
      bands: SEED_POSTER_BANDS,
    });
    expect(products.find((p) => p.sku === '4X6PHOTOPRINT')).toMatchObject({
      bandGroup: 'upload-panel',
      bands: [
        { minQuantity: 50, rateBps: 2000 },
        { minQuantity: 100, rateBps: 3000 },
        { minQuantity: 250, rateBps: 4000 },
      ],
    });
    expect(products.find((p) => p.sku === 'TEMPLATE3_COLLAGE')).toMatchObject({ bandGroup: null, bands: [] });
  });
});

describe('a band change', () => {
  let shopper: ReturnType<typeof browser>;

  it('given a cart of 5 A4 posters (no band yet), when the A3 poster previews a band of 5 at 10%, then the cart is listed with its total before and after, and nothing changes', async () => {
    shopper = browser(app);
    const { item } = await addPrints(shopper, 'POSTERA4', 5);
    expect(item).toBeTruthy();
    const cart = await shopper.call('GET', '/api/cart?currency=USD&country=US');
    admin.observe(cart.headers.get('x-event-position'));
    expect(cart.body).toMatchObject({ subtotal: 8.9, discount: 0 });

    const answer = await admin.get('/api/admin/catalog/POSTERA3/price-preview?bands=5:1000,20:2500');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const preview = pricePreviewResponseSchema.parse(answer.body);
    expect(preview).toMatchObject({
      sku: 'POSTERA3',
      currentUsdCents: 198,
      newUsdCents: 198,
      bandGroup: 'poster',
      currentBands: SEED_POSTER_BANDS,
      newBands: NEW_POSTER_BANDS,
    });
    const mine = preview.carts.find((c) => c.cartId === cart.body.cartId);
    expect(mine).toEqual({
      cartId: cart.body.cartId,
      quantity: 5,
      subtotalBeforeUsdCents: 890,
      subtotalAfterUsdCents: 890,
      totalBeforeUsdCents: 890,
      totalAfterUsdCents: 801,
    });
    expect(await bandsOf('POSTERA3')).toEqual(SEED_POSTER_BANDS);
  });

  it.each([
    [
      'POSTERA4',
      'bands=5-1000',
      'bands',
      'Bands are up to 8 minQuantity:rateBps pairs, e.g. 10:1500,50:2500.',
    ],
    [
      'TEMPLATE3_COLLAGE',
      'size=A4&bands=5:1000',
      'bands',
      '"TEMPLATE3_COLLAGE" is priced without quantity bands.',
    ],
    // Bands the save would refuse are refused alike, not previewed (a 100% band was shown).
    ['POSTERA4', 'bands=0:0,1:99999', 'bands.0.minQuantity', BAND_MESSAGES.minQuantity],
    ['POSTERA4', 'bands=5:20000', 'bands.0.rateBps', BAND_MESSAGES.rate],
    ['POSTERA4', 'bands=1:1,1:2', 'bands.1.minQuantity', BAND_MESSAGES.ascending],
    ['POSTERA4', 'bands=5:200,10:100', 'bands.1.rateBps', BAND_MESSAGES.rising],
  ])('given %s and %s, when previewed, then 400 naming %s', async (sku, query, field, message) => {
    const answer = await admin.get(`/api/admin/catalog/${sku}/price-preview?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(errorResponseSchema.parse(answer.body).errors?.[field]).toBe(message);
  });

  it('given that cart, when the admin sets the poster bands on the A3 poster, then every poster shows them, the cart takes 10% off 5 posters and both histories have the change', async () => {
    const answer = await setBands(admin, 'posterA3', NEW_POSTER_BANDS);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(adminProductResponseSchema.parse(answer.body).product.bands).toEqual(NEW_POSTER_BANDS);
    expect(await bandsOf('POSTERA4')).toEqual(NEW_POSTER_BANDS);
    expect(await bandsOf('POSTER1218')).toEqual(NEW_POSTER_BANDS);
    expect((await bandsOf('4X6PHOTOPRINT'))?.[0]).toEqual({ minQuantity: 50, rateBps: 2000 });

    const cart = await shopper.call('GET', '/api/cart?currency=USD&country=US');
    expect(cart.body).toMatchObject({ subtotal: 8.9, discount: 0.89, shippingFee: 10, grandTotal: 18.01 });
    // The product pages read the same bands (their tables and "add N more" nudges).
    const settings = settingsResponseSchema.parse((await admin.get('/api/settings')).body);
    expect(settings.quantityBands?.poster).toEqual(NEW_POSTER_BANDS);
    expect(settings.quantityBands?.['upload-panel'][0]).toEqual({ minQuantity: 50, rateBps: 2000 });

    for (const path of ['/api/admin/catalog/POSTERA4/history', '/api/admin/settings/history']) {
      const changes = catalogHistoryResponseSchema.parse((await admin.get(path)).body).changes;
      expect(changes[0]).toMatchObject({
        field: 'bands:poster',
        sku: null,
        before: SEED_POSTER_BANDS,
        after: NEW_POSTER_BANDS,
        by: expect.stringMatching(/^admin:/),
        byEmail: ADMIN_EMAIL,
      });
    }
  });

  it('given the same bands again, when sent, then 200 and no new history row', async () => {
    expect((await setBands(admin, 'POSTERA4', NEW_POSTER_BANDS)).status).toBe(200);
    const changes = catalogHistoryResponseSchema.parse(
      (await admin.get('/api/admin/catalog/POSTERA4/history')).body,
    ).changes;
    expect(changes.filter((c) => c.field === 'bands:poster')).toHaveLength(1);
  });
});

describe('refusals', () => {
  const A_LIST = 'Quantity bands are a list of at most 8 bands, each {minQuantity, rateBps}.';
  const MIN = 'A band starts at a whole quantity from 1 to 100000.';
  const RATE = 'A band’s discount is whole basis points from 1 to 9000 (100 = 1%).';
  it.each([
    ['POSTERA4', 'a band not an object', ['5'], 'bands.0', A_LIST],
    [
      'POSTERA4',
      'nine bands',
      Array.from({ length: 9 }, (_, i) => ({ minQuantity: i + 1, rateBps: i + 1 })),
      'bands',
      A_LIST,
    ],
    ['POSTERA4', 'a band from 0', [{ minQuantity: 0, rateBps: 100 }], 'bands.0.minQuantity', MIN],
    ['POSTERA4', 'a band from 1.5', [{ minQuantity: 1.5, rateBps: 100 }], 'bands.0.minQuantity', MIN],
    ['POSTERA4', 'a band from a typo', [{ minQuantity: 200000, rateBps: 100 }], 'bands.0.minQuantity', MIN],
    ['POSTERA4', 'a rate of 0', [{ minQuantity: 5, rateBps: 0 }], 'bands.0.rateBps', RATE],
    ['POSTERA4', 'a rate as text', [{ minQuantity: 5, rateBps: '10%' }], 'bands.0.rateBps', RATE],
    ['POSTERA4', 'a rate of 95%', [{ minQuantity: 5, rateBps: 9500 }], 'bands.0.rateBps', RATE],
    [
      'POSTERA4',
      'an overlap',
      [
        { minQuantity: 20, rateBps: 1000 },
        { minQuantity: 20, rateBps: 2000 },
      ],
      'bands.1.minQuantity',
      'Each band starts above the band before it (ascending, no overlap).',
    ],
    [
      'POSTERA4',
      'a smaller discount for more',
      [
        { minQuantity: 5, rateBps: 2000 },
        { minQuantity: 20, rateBps: 1000 },
      ],
      'bands.1.rateBps',
      'Each band’s discount is larger than the discount of the band before it.',
    ],
    [
      'TEMPLATE3_COLLAGE',
      'bands on a collage',
      [{ minQuantity: 5, rateBps: 1000 }],
      'bands',
      '"TEMPLATE3_COLLAGE" is priced without quantity bands (collages are unit x quantity).',
    ],
  ])(
    'given %s and %s, when sent, then 400 with the message on %s and the bands stay',
    async (sku, _, bands, field, message) => {
      const answer = await setBands(admin, sku, bands);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      const error = errorResponseSchema.parse(answer.body);
      expect(error).toMatchObject({ message, code: 'VALIDATION_ERROR', errors: { [field]: message } });
      expect(await bandsOf('POSTERA4')).toEqual(NEW_POSTER_BANDS);
    },
  );

  it('given bands that are not a list, when sent, then 400 with the JSON error', async () => {
    const answer = await setBands(admin, 'POSTERA4', { minQuantity: 5, rateBps: 1000 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(errorResponseSchema.parse(answer.body).success).toBe(false);
  });
});

describe('a band change after CheckoutStarted', () => {
  it('given a checkout started for 20 A4 posters at 25% off, when the admin lowers the bands and the shopper pays, then the payment and the order keep the amount; a new checkout pays the new bands', async () => {
    const first = browser(app);
    await addPrints(first, 'POSTERA4', 20);
    const intent = await first.call('POST', '/api/stripe/create-payment-intent', intentBody);
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    // 20 x 1.78 = 35.60, 25% off = 26.70, plus 10 USD shipping (35.60 is under the 50 USD threshold).
    expect(intent.body.amount).toBe(36.7);

    expect((await setBands(admin, 'POSTERA4', [{ minQuantity: 5, rateBps: 500 }])).status).toBe(200);
    const repriced = await first.call('GET', '/api/cart?currency=USD&country=US');
    expect(repriced.body).toMatchObject({ discount: 1.78 });

    const confirmed = await first.call('POST', '/api/stripe/confirm-payment', {
      paymentIntentId: intent.body.paymentIntentId,
      testCard: CARD_OK,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.order.total).toBe(36.7);
    admin.observe(confirmed.headers.get('x-event-position'));
    const stored = await admin.get(`/api/admin/orders/${confirmed.body.order.id}`);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.order).toMatchObject({ total: 36.7 });

    const second = browser(app);
    await addPrints(second, 'POSTERA4', 20);
    const next = await second.call('POST', '/api/stripe/create-payment-intent', intentBody);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    // 35.60 less 5% (1.78) plus 10 shipping.
    expect(next.body.amount).toBe(43.82);
  });
});
