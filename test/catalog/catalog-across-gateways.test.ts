// Two gateways of one shop: an add is judged on the catalog as its gateway last read it, so the
// owner's change made through the other gateway must still stop it (the append holds only while the
// catalog stream has not moved), never a product hidden a moment ago.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@printshop/infra/config';
import { startPrintShop, type RunningPrintShop } from '@printshop/infra/startup/start-printshop';
import type { TestApp } from '@printshop/test/support/app';
import { errorCatcher } from '@printshop/test/support/error-catcher';
import { natsUrl } from '@printshop/test/support/database';
import { browser } from '../cart/support';
import { adminApi, startAdminApp, type Api } from '../admin/support';

describe('the catalog across gateways', () => {
  let app: TestApp;
  let other: RunningPrintShop;
  let admin: Api;
  const otherErrors = errorCatcher('other-gateway');
  beforeAll(async () => {
    app = await startAdminApp('catalog_gateways');
    other = await startPrintShop({
      config: loadConfig({
        ROLE: 'gateway',
        DATABASE_URL: app.databaseUrl,
        NATS_URL: natsUrl(),
        DATA_DIR: app.dataDir,
        BUS_NAMESPACE: app.busNamespace,
        PORT: '0',
        HOST: '127.0.0.1',
      }),
      logger: otherErrors.logger,
    });
    admin = await adminApi(app);
  });
  afterAll(async () => {
    await other?.stop();
    await app?.stop();
    otherErrors.check();
  });

  it('given a shopper adding on one gateway, when the owner hides the product on the other, then the next add there is refused, and allowed again once shown', async () => {
    const shopper = browser({ url: `http://127.0.0.1:${other.port}` });
    const croppedImageId = await shopper.uploadImage();
    const line = { sku: 'SQUAREPHOTO4INCH', quantity: 1, croppedImageId };
    // The shopper's gateway has read the catalog (the product was listed then).
    expect((await shopper.call('POST', '/api/cart/item', line)).status).toBe(201);

    expect((await admin.call('PATCH', '/api/admin/catalog/SQUAREPHOTO4INCH', { hidden: true })).status).toBe(
      200,
    );
    const refused = await shopper.call('POST', '/api/cart/item', line);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('"SQUAREPHOTO4INCH" is no longer available.');

    expect((await admin.call('PATCH', '/api/admin/catalog/SQUAREPHOTO4INCH', { hidden: false })).status).toBe(
      200,
    );
    expect((await shopper.call('POST', '/api/cart/item', line)).status).toBe(201);
  });
});
