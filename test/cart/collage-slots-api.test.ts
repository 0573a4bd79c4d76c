// POST /api/cart/item with a collage whose slots carry their crops (the print recipe): one photo per
// slot of the template (400 otherwise), each crop inside its photo (400), each photo the caller's
// (404 for someone else's, as for any image).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLAGE_SLOT_MESSAGES } from '@printshop/shared-events/rules/collage-slots';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { browser, type Browser } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ label: 'collage_slots_api' });
});
afterAll(async () => {
  await app?.stop();
});

// pngBytes photos are 64 x 48.
const CROP = { x: 8, y: 0, width: 48, height: 48 };

/** A template32 line (3 slots, sold as TEMPLATE12) of `b`'s photos `ids`, each with `crop`. */
async function collageLine(b: Browser, ids: string[], crop: object | undefined = CROP) {
  return {
    sku: 'TEMPLATE12_COLLAGE_A4',
    quantity: 1,
    croppedImageId: await b.uploadImage(),
    customizationData: {
      templatePath: '/images/products/template32.png',
      templateName: 'Vertical Moments Collage - 3 Photos',
      size: 'A4',
      images: ids.map((imageId, i) => ({
        slotId: i + 1,
        imageId,
        position: { x: 0, y: i * 500, width: 900, height: 500 },
        ...(crop && { crop }),
      })),
    },
  };
}

/** One after another: a fresh browser's first upload is what gives it its guest session. */
async function photos(b: Browser, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await b.uploadImage());
  return ids;
}

describe('collage slots on the cart line', () => {
  it('given every slot of template32 with a crop inside its photo, then the line is added with them', async () => {
    const b = browser(app);
    const line = await collageLine(b, await photos(b, 3));
    const answer = await b.call('POST', '/api/cart/item', line);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.item.customizationData.images[0].crop).toEqual(CROP);
  });

  it('given a slot missing, then 400 says how many photos the template needs', async () => {
    const b = browser(app);
    const answer = await b.call('POST', '/api/cart/item', await collageLine(b, await photos(b, 2)));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      COLLAGE_SLOT_MESSAGES.count('Vertical Moments Collage - 3 Photos', 3, 2),
    );
  });

  it('given a crop reaching outside its photo, then 400 names the slot', async () => {
    const b = browser(app);
    const line = await collageLine(b, await photos(b, 3), { x: 30, y: 0, width: 48, height: 48 });
    const answer = await b.call('POST', '/api/cart/item', line);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(COLLAGE_SLOT_MESSAGES.cropOutside(1));
  });

  it('given a crop of no size, then 400 (the schema)', async () => {
    const b = browser(app);
    const line = await collageLine(b, await photos(b, 3), { x: 0, y: 0, width: 0, height: 48 });
    const answer = await b.call('POST', '/api/cart/item', line);
    expect(answer.status).toBe(400);
  });

  it("given someone else's photo in a slot, then 404 as for any image not the caller's", async () => {
    const owner = browser(app);
    const theirs = await owner.uploadImage();
    const b = browser(app);
    const answer = await b.call(
      'POST',
      '/api/cart/item',
      await collageLine(b, [...(await photos(b, 2)), theirs]),
    );
    expect(answer.status).toBe(404);
  });
});
