// A paid order's photos are kept: its buyer cannot delete them (409), retention never removes them
// however late it runs, and the print-files ZIP has a non-empty file for every line and every photo
// placed in a line (poster with its raw image, single print, photo strip frames, collage slots). A
// delete racing the checkout never leaves an order whose photo is gone. Real shop, Postgres, NATS.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponseSchema } from '@printshop/shared-events/api/orders';
import { imageKeys } from '@printshop/shared-events/image-store';
import { createImageDerivatives } from '@printshop/command-service/images/derivatives';
import { IMAGE_MESSAGES } from '@printshop/shared-events/api/images';
import { createFileImageStore } from '@printshop/infra/images/file-image-store';
import { expireOldOriginals } from '@printshop/infra/images/retention';
import type { TestApp } from '@printshop/test/support/app';
import { errorCatcher } from '@printshop/test/support/error-catcher';
import { adminApi, startAdminApp, unzip, uploadForPrint, type Api } from '../admin/support';
import { browser, type Browser } from '../cart/support';
import { ADDRESS, CARD_OK, eventLog } from '../payments/support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('paid_photos');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

const imageStore = () => createFileImageStore(path.join(app.dataDir, 'images'));

async function added(b: Browser, route: string, body: Record<string, unknown>) {
  const answer = await b.call('POST', route, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

const checkoutBody = (email: string) => ({ email, shippingAddress: ADDRESS, currency: 'USD', country: 'US' });

async function pay(b: Browser, email: string) {
  const intent = await b.call('POST', '/api/stripe/create-payment-intent', checkoutBody(email));
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const confirmed = await b.call('POST', '/api/stripe/confirm-payment', {
    paymentIntentId: intent.body.paymentIntentId,
    testCard: CARD_OK,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  admin.observe(confirmed.headers.get('x-event-position'));
  return orderResponseSchema.parse(confirmed.body).order;
}

describe('a paid order keeps its photos', () => {
  it('given a paid order of a poster, a print, a photo strip and a collage, when retention runs ten years later and the buyer deletes each photo, then every photo is kept and the ZIP has a non-empty file for each line and slot photo', async () => {
    // given: every kind of line, and one photo that reached no order
    const buyer = browser(app);
    const { email } = await buyer.register();
    const poster = await uploadForPrint(app, buyer, 'POSTERA4');
    const print = await buyer.uploadImage();
    const frames = [await buyer.uploadImage(), await buyer.uploadImage(), await buyer.uploadImage()];
    const strip = await buyer.uploadImage();
    const slots = [await buyer.uploadImage(), await buyer.uploadImage()];
    const collage = await buyer.uploadImage();
    const loose = await buyer.uploadImage();
    await added(buyer, '/api/cart/item', { sku: 'POSTERA4', quantity: 1, ...poster });
    await added(buyer, '/api/cart/item', { sku: '4X6PHOTOPRINT', quantity: 2, croppedImageId: print });
    await added(buyer, '/api/cart/photostrips', {
      sku: 'PHOTOSTRIPWHITE',
      quantity: 1,
      croppedImageId: strip,
      images: frames.map((imageId, slot) => ({ imageId, slot })),
    });
    await added(buyer, '/api/cart/item', {
      sku: 'TEMPLATE18_COLLAGE_A4',
      quantity: 1,
      croppedImageId: collage,
      customizationData: {
        templatePath: '/images/products/template18.png',
        templateName: 'Studio Model Grid - 9 Photos',
        size: 'A4',
        images: slots.map((imageId, slotId) => ({ imageId, slotId })),
      },
    });
    const order = await pay(buyer, email);
    const ordered = [poster.rawImageId, poster.croppedImageId, print, ...frames, strip, ...slots, collage];

    // when: retention with a clock ten years ahead
    const images = imageStore();
    const errors = errorCatcher('retention');
    const expired = await expireOldOriginals({
      store: eventLog(app),
      images,
      derivatives: createImageDerivatives(images),
      retentionDays: 30,
      now: () => new Date(Date.now() + 10 * 365 * 24 * 60 * 60 * 1000),
      logger: errors.logger,
    });
    errors.check();

    // then: only the photo of no order expired; every ordered original is still on file
    expect(expired).toEqual([loose]);
    for (const imageId of ordered) {
      expect(await images.exists(imageKeys.original(imageId)), imageId).toBe(true);
    }

    // when: the buyer deletes each ordered photo; then 409 in the JSON error shape, and nothing goes
    for (const imageId of ordered) {
      const answer = await buyer.call('DELETE', `/api/images/${imageId}`);
      expect(answer.status, imageId).toBe(409);
      expect(answer.body).toEqual({ success: false, code: 'CONFLICT', message: IMAGE_MESSAGES.inOrder });
      expect(await images.exists(imageKeys.original(imageId)), imageId).toBe(true);
    }
    // (a photo of no order is still the buyer's to delete)
    expect((await buyer.call('DELETE', `/api/images/${loose}`)).status).toBe(200);

    // then: the print files are complete
    const zip = await admin.get(`/api/admin/orders/${order.id}/print-files`);
    expect(zip.status).toBe(200);
    const files = await unzip(zip.bytes);
    const expectedFiles = [
      '01-POSTERA4-x1.jpg',
      '02-4X6PHOTOPRINT-x2.jpg',
      '03-PHOTOSTRIPWHITE-x1.jpg',
      '03-PHOTOSTRIPWHITE-x1-photo-1.jpg',
      '03-PHOTOSTRIPWHITE-x1-photo-2.jpg',
      '03-PHOTOSTRIPWHITE-x1-photo-3.jpg',
      '04-TEMPLATE18_COLLAGE_A4-x1.jpg',
      '04-TEMPLATE18_COLLAGE_A4-x1-photo-1.jpg',
      '04-TEMPLATE18_COLLAGE_A4-x1-photo-2.jpg',
    ];
    expect([...files.keys()].sort()).toEqual(
      ['contact-sheet.jpg', 'manifest.csv', 'manifest.json', ...expectedFiles].sort(),
    );
    for (const name of expectedFiles) expect(files.get(name)!.length, name).toBeGreaterThan(0);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
    expect(manifest.lines.map((l: { file: string; imageId: string }) => [l.file, l.imageId])).toEqual([
      [expectedFiles[0], poster.croppedImageId],
      [expectedFiles[1], print],
      [expectedFiles[2], strip],
      ...frames.map((imageId, i) => [expectedFiles[3 + i], imageId]),
      [expectedFiles[6], collage],
      ...slots.map((imageId, i) => [expectedFiles[7 + i], imageId]),
    ]);
    expect(manifest.lines.every((l: { missing: boolean }) => !l.missing)).toBe(true);
  });
});

describe('a delete racing the checkout', () => {
  it('given a photo in the cart, when its owner deletes it while the checkout starts and is paid, then either the delete or the checkout is refused, never an order without its photo', async () => {
    const outcomes = { deleted: 0, ordered: 0 };
    for (let round = 0; round < 6; round++) {
      // given
      const b = browser(app);
      const photo = await b.uploadImage();
      await added(b, '/api/cart/item', { sku: '4X6PHOTOPRINT', quantity: 1, croppedImageId: photo });
      const email = `race.${round}.${Date.now()}@example.com`;

      // when: the delete and the checkout start together
      const [intent, deletion] = await Promise.all([
        b.call('POST', '/api/stripe/create-payment-intent', checkoutBody(email)),
        b.call('DELETE', `/api/images/${photo}`),
      ]);

      // then: exactly one of them wins
      if (deletion.status === 200) {
        outcomes.deleted++;
        expect(intent.status, JSON.stringify(intent.body)).toBe(409);
        expect(intent.body).toEqual({
          success: false,
          code: 'CONFLICT',
          message: IMAGE_MESSAGES.goneFromCart,
        });
        continue;
      }
      outcomes.ordered++;
      expect(intent.status, JSON.stringify(intent.body)).toBe(200);
      expect(deletion.status).toBe(409);
      // and a delete while the payment is confirmed and the order placed is refused too
      const [confirmed, lateDeletion] = await Promise.all([
        b.call('POST', '/api/stripe/confirm-payment', {
          paymentIntentId: intent.body.paymentIntentId,
          testCard: CARD_OK,
        }),
        b.call('DELETE', `/api/images/${photo}`),
      ]);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(lateDeletion.status).toBe(409);
      expect(await imageStore().exists(imageKeys.original(photo))).toBe(true);
      const served = await fetch(`${app.url}/images/${photo}`);
      expect(served.status).toBe(200);
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
      expect((await b.call('DELETE', `/api/images/${photo}`)).body.message).toBe(IMAGE_MESSAGES.inOrder);
    }
    expect(outcomes.deleted + outcomes.ordered).toBe(6);
  });
});
