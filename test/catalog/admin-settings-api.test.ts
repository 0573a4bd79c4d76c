// The owner's settings over HTTP (API.md "Admin": settings): the free-shipping threshold, a
// country's fee and days and the trust copy reach GET /api/settings and the cart's shipping; each
// change has its history; a replay of the log rebuilds the same catalog read model (quantity bands too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSettingsResponseSchema,
  catalogHistoryResponseSchema,
} from '@printshop/shared-events/api/catalog-admin';
import { settingsResponseSchema } from '@printshop/shared-events/api/catalog';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import { catalogProjection } from '@printshop/projections/catalog/catalog-projection';
import { verifyProjection } from '@printshop/projections/runner/verify';
import type { TestApp } from '@printshop/test/support/app';
import { browser } from '../cart/support';
import { ADMIN_EMAIL, adminApi, startAdminApp, type Api } from '../admin/support';
import { eventLog } from '../payments/support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('catalog_settings');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

const patchSettings = (body: unknown) => admin.call('PATCH', '/api/admin/settings', body);

describe('GET/PATCH /api/admin/settings', () => {
  it('given a new shop, when read, then the settings are the spec’s', async () => {
    const answer = await admin.get('/api/admin/settings');
    expect(answer.status).toBe(200);
    const { settings } = adminSettingsResponseSchema.parse(answer.body);
    expect(settings.freeShippingThresholdUsdCents).toBe(5000);
    expect(settings.shipping.find((s) => s.country === 'GB')).toEqual({
      country: 'GB',
      countryName: 'United Kingdom',
      currency: 'GBP',
      feeMinor: 800,
      estimatedDays: { min: 10, max: 14 },
    });
  });

  it('given a cart of 55 USD that ships free, when the admin raises the threshold to 60 USD, then the cart pays shipping, the settings answer says 60 and the history has it', async () => {
    const shopper = browser(app);
    const croppedImageId = await shopper.uploadImage();
    const add = await shopper.call('POST', '/api/cart/item', {
      sku: '8X10PHOTOPRINT',
      quantity: 37,
      croppedImageId,
    });
    expect(add.status).toBe(201);
    const before = await shopper.call('GET', '/api/cart?currency=USD&country=US');
    expect(before.body).toMatchObject({ subtotal: 55.13, shippingFee: 0 });

    const answer = await patchSettings({
      freeShippingThresholdUsdCents: 6000,
      shipping: { gb: { feeMinor: 900, estimatedDays: { min: 5, max: 7 } } },
      trust: { ratingText: 'Loved by 10,000 customers' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(adminSettingsResponseSchema.parse(answer.body).settings.freeShippingThresholdUsdCents).toBe(6000);

    const after = await shopper.call('GET', '/api/cart?currency=USD&country=US');
    expect(after.body).toMatchObject({ subtotal: 55.13, shippingFee: 10, freeShippingThreshold: 60 });
    const gb = await shopper.call('GET', '/api/cart?currency=GBP&country=GB');
    expect(gb.body.shippingInfo).toMatchObject({ baseRate: 9, estimatedDays: { min: 5, max: 7 } });

    const settings = settingsResponseSchema.parse((await admin.get('/api/settings')).body);
    expect(settings.freeShippingThresholdUsd).toBe(60);
    expect(settings.shippingCountries.find((c) => c.country === 'US')?.freeShippingThreshold).toBe(60);
    expect(settings.trust?.ratingText).toBe('Loved by 10,000 customers');

    const history = catalogHistoryResponseSchema.parse(
      (await admin.get('/api/admin/settings/history')).body,
    ).changes;
    expect(history.map((c) => [c.field, c.before, c.after])).toEqual([
      ['trust:ratingText', 'Rated by our customers', 'Loved by 10,000 customers'],
      [
        'shipping:GB',
        { feeMinor: 800, estimatedDays: { min: 10, max: 14 } },
        { feeMinor: 900, estimatedDays: { min: 5, max: 7 } },
      ],
      ['freeShippingThreshold', 5000, 6000],
    ]);
    expect(history.every((c) => c.byEmail === ADMIN_EMAIL && c.sku === null)).toBe(true);
  });

  it.each([
    [
      { freeShippingThresholdUsdCents: -1 },
      'The free-shipping threshold is a whole number of USD cents, 0 or more.',
    ],
    [
      { freeShippingThresholdUsdCents: 49.99 },
      'The free-shipping threshold is a whole number of USD cents, 0 or more.',
    ],
    [{ shipping: { XX: { feeMinor: 100 } } }, 'We have no shipping rule for the country "XX".'],
    [
      { shipping: { FR: { feeMinor: -100 } } },
      'A shipping fee is a whole number of minor units of the country’s currency, 0 or more.',
    ],
  ])('given %j, when sent, then 400 with a clear message and nothing changes', async (body, message) => {
    const answer = await patchSettings(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(errorResponseSchema.parse(answer.body).message).toBe(message);
    const { settings } = adminSettingsResponseSchema.parse((await admin.get('/api/admin/settings')).body);
    expect(settings.freeShippingThresholdUsdCents).toBe(6000);
  });
});

describe('the catalog read model', () => {
  it('given the changes above, a price change and a band change, when the catalog is rebuilt from the log, then the rows are the same', async () => {
    const priced = await admin.call('PATCH', '/api/admin/catalog/4X6PHOTOPRINT', {
      priceUsdCents: 45,
      hidden: true,
      bands: [{ minQuantity: 25, rateBps: 1500 }],
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    await admin.get('/api/admin/catalog');
    const result = await verifyProjection({
      db: app.db,
      store: eventLog(app),
      projection: catalogProjection,
    });
    expect(result.position).toBeGreaterThan(0);
    expect(result.differences).toEqual([]);
    const rows = await app.db
      .withSchema('rm_catalog')
      .table('catalog_products')
      .where({ sku: '4X6PHOTOPRINT' });
    expect(rows).toMatchObject([{ price_usd_cents: 45, hidden: true }]);
    const [settings] = await app.db.withSchema('rm_catalog').table('catalog_settings');
    expect(settings.quantity_bands).toEqual({
      poster: [
        { minQuantity: 10, rateBps: 1124 },
        { minQuantity: 50, rateBps: 2247 },
        { minQuantity: 100, rateBps: 3371 },
      ],
      'upload-panel': [{ minQuantity: 25, rateBps: 1500 }],
    });
    const history = await app.db
      .withSchema('rm_catalog')
      .table('catalog_changes')
      .where({ field: 'bands:upload-panel' });
    expect(history).toHaveLength(1);
  });
});
