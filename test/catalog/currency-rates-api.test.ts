// Currency rates as settings over HTTP (API.md "Admin": settings): only an admin changes a rate, a
// bad rate is refused with a clear message, GET /api/settings answers the current rates, a cart
// priced after the change uses the new rate and a checkout started before keeps the old one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartResponseSchema } from '@printshop/shared-events/api/cart';
import {
  adminSettingsResponseSchema,
  catalogHistoryResponseSchema,
} from '@printshop/shared-events/api/catalog-admin';
import { settingsResponseSchema } from '@printshop/shared-events/api/catalog';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { convertFromUsd, toMajor } from '@printshop/shared-events/rules/money';
import type { TestApp } from '@printshop/test/support/app';
import { browser } from '../cart/support';
import { ADMIN_EMAIL, adminApi, api, startAdminApp, type Api } from '../admin/support';
import { addPrints, eventLog, expectError } from '../payments/support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('catalog_rates');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

const eurRate = async (client: Pick<Api, 'get'>) =>
  settingsResponseSchema
    .parse((await client.get('/api/settings')).body)
    .currencies.find((c) => c.code === 'EUR')?.ratePerUsd;

describe('PATCH /api/admin/settings currencyRates', () => {
  it('given no sign-in or a customer, when a rate is sent, then 401 / 403 and the rate stays', async () => {
    expect((await api(app).call('PATCH', '/api/admin/settings', { currencyRates: { EUR: 2 } })).status).toBe(
      401,
    );
    const customer = browser(app);
    await customer.register();
    expect((await customer.call('PATCH', '/api/admin/settings', { currencyRates: { EUR: 2 } })).status).toBe(
      403,
    );
    expect(await eurRate(admin)).toBe(0.92);
  });

  it.each([
    [{ EUR: 0 }, 'The rate of EUR must be a number above 0 (units of EUR per 1 USD).'],
    [{ EUR: -0.5 }, 'The rate of EUR must be a number above 0 (units of EUR per 1 USD).'],
    [{ EUR: 'abc' }, 'The rate of EUR must be a number above 0 (units of EUR per 1 USD).'],
    [{ XYZ: 1.5 }, 'We do not show prices in "XYZ"; use one of the shop\u2019s currency codes.'],
    [{ USD: 2 }, 'USD is the shop\u2019s base currency: its rate is always 1.'],
  ])('given %j, when sent, then 400 with a clear message and the rate stays', async (rates, message) => {
    expectError(await admin.call('PATCH', '/api/admin/settings', { currencyRates: rates }), 400, message);
    expect(await eurRate(admin)).toBe(0.92);
  });

  it('given a checkout started in EUR at 0.92, when the admin sets EUR to 0.93, then a new cart price uses 0.93, the checkout keeps 0.92, and the history has the change', async () => {
    const shopper = browser(app);
    await addPrints(shopper, 'POSTERA4', 2);
    const before = cartResponseSchema.parse(
      (await shopper.call('GET', '/api/cart?currency=EUR&country=DE')).body,
    );
    const started = await shopper.call('POST', '/api/checkout/start', {
      email: 'rates@example.com',
      currency: 'EUR',
      country: 'DE',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);

    const answer = await admin.call('PATCH', '/api/admin/settings', { currencyRates: { EUR: 0.93 } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(adminSettingsResponseSchema.parse(answer.body).settings.currencyRates.EUR).toBe(0.93);
    expect(await eurRate(admin)).toBe(0.93);

    const after = cartResponseSchema.parse(
      (await shopper.call('GET', '/api/cart?currency=EUR&country=DE')).body,
    );
    const unitUsdCents = productBySku('POSTERA4')!.basePriceUsdCents;
    const inEur = (rate: number) => toMajor(convertFromUsd(unitUsdCents, 'EUR', { EUR: rate }), 'EUR');
    expect(before.items[0]!.pricePerUnit).toBe(inEur(0.92));
    expect(after.items[0]!.pricePerUnit).toBe(inEur(0.93));

    const [event] = await eventLog(app).readStream(`checkout-${started.body.checkoutId as string}`);
    expect(event!.data).toMatchObject({ amounts: { currency: 'EUR', rate: 0.92 } });
    expect(started.body.amount).toBe(before.grandTotal);

    const history = catalogHistoryResponseSchema.parse(
      (await admin.get('/api/admin/settings/history')).body,
    ).changes;
    expect(history[0]).toMatchObject({
      field: 'currencyRate:EUR',
      before: 0.92,
      after: 0.93,
      byEmail: ADMIN_EMAIL,
    });
  });
});
