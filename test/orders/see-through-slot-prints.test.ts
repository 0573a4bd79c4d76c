// A photo with a see-through part in a collage or a strip prints paper white there, as it does on a
// 4x6 print and in the served copies. The slot's photo was given the mask's shape as its alpha, so a
// hole in a PNG kept its black pixels and printed a solid black disc; on a film strip a hole showed
// the strip's black.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  containOnSheet,
  scaleRect,
  stripLayout,
  type Rect,
} from '@printshop/shared-events/rules/print-layout';
import type { TestApp } from '@printshop/test/support/app';
import { browser } from '../cart/support';
import {
  adminApi,
  freshEmail,
  placeOrder,
  startAdminApp,
  unzip,
  uploadForPrint,
  type Api,
} from '../admin/support';
import { maskSlots, middle, shifted } from './slot-pixels';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('see_through_slots');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

/** An opaque red PNG with a fully transparent disc in its middle (its hidden pixels black). */
async function photoWithHole(width: number, height: number): Promise<Buffer> {
  const red = await sharp({ create: { width, height, channels: 4, background: '#cc2222ff' } })
    .png()
    .toBuffer();
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}"/></svg>`,
  );
  return sharp(red)
    .composite([{ input: disc, blend: 'dest-out' }])
    .png()
    .toBuffer();
}

/** The browser's crop: a JPEG, on white. */
const croppedJpeg = (png: Buffer) => sharp(png).flatten({ background: '#ffffff' }).jpeg().toBuffer();

/** The mean colour of `rect` of an image. */
async function meanColour(image: Buffer, rect: Rect): Promise<number[]> {
  const region = await sharp(image)
    .extract({
      left: Math.round(rect.x),
      top: Math.round(rect.y),
      width: Math.round(rect.width),
      height: Math.round(rect.height),
    })
    .png()
    .toBuffer();
  // stats() reads its input, not the pipeline: the extract is made first.
  const { channels } = await sharp(region).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe('see-through photos in strips and collages', () => {
  it('given a paid hanging-polaroids collage and a film strip whose photos have a transparent disc, when an admin downloads the print files, then the disc is paper white in every slot and frame', async () => {
    // given: five collage slots (a mask template) and four film-strip frames, each photo with a hole
    const buyer = browser(app);
    await buyer.register();
    const mask = await maskSlots('/images/products/mask7.png');
    expect(mask.slots).toHaveLength(5);
    const collagePhoto = await photoWithHole(900, 1200);
    const collageCrop = { x: 0, y: 0, width: 900, height: 1200 };
    const images = [];
    for (const [i, position] of mask.slots.entries()) {
      const photo = {
        raw: collagePhoto,
        cropped: await croppedJpeg(collagePhoto),
        crop: collageCrop,
        type: 'image/png',
      };
      const { rawImageId } = await uploadForPrint(app, buyer, 'TEMPLATE7_COLLAGE_A4', photo);
      images.push({ slotId: i + 1, imageId: rawImageId, position, crop: collageCrop });
    }
    const collage = await buyer.call('POST', '/api/cart/item', {
      sku: 'TEMPLATE7_COLLAGE_A4',
      quantity: 1,
      croppedImageId: await buyer.uploadImage(),
      customizationData: {
        templatePath: '/images/products/template7.png',
        templateName: 'Hanging Polaroids - 5 Photos',
        size: 'A4',
        images,
      },
    });
    expect(collage.status, JSON.stringify(collage.body)).toBe(201);
    const stripPhoto = await photoWithHole(1200, 800);
    const stripCrop = { x: 0, y: 0, width: 1200, height: 800 };
    const frames = [];
    for (const slot of [0, 1, 2, 3]) {
      const photo = {
        raw: stripPhoto,
        cropped: await croppedJpeg(stripPhoto),
        crop: stripCrop,
        type: 'image/png',
      };
      const { croppedImageId } = await uploadForPrint(app, buyer, 'FILMSTRIPPHOTO', photo);
      frames.push({ imageId: croppedImageId, slot });
    }
    const strip = await buyer.call('POST', '/api/cart/photostrips', {
      sku: 'FILMSTRIPPHOTO',
      quantity: 1,
      croppedImageId: await buyer.uploadImage(),
      images: frames,
    });
    expect(strip.status, JSON.stringify(strip.body)).toBe(201);
    const { order, position } = await placeOrder(app, buyer, { email: freshEmail('holes'), lines: [] });
    admin.observe(position);

    // when
    const answer = await admin.get(`/api/admin/orders/${order.id}/print-files`);

    // then: the middle of every slot (inside the disc) is white paper; the photo around it still red
    expect(answer.status).toBe(200);
    const files = await unzip(answer.bytes);
    const names = [...files.keys()];
    const collageFile = files.get(names.find((n) => /TEMPLATE7_COLLAGE_A4-x1\.jpg$/.test(n))!)!;
    const placed = containOnSheet(mask, { width: 2480, height: 3508 });
    const holes = [];
    for (const slot of mask.slots) {
      const box = scaleRect(slot, mask, placed);
      holes.push(await meanColour(collageFile, shifted(middle(box, 0.15))));
    }
    const stripFile = files.get(names.find((n) => /FILMSTRIPPHOTO-x1\.jpg$/.test(n))!)!;
    const layout = stripLayout({ width: 600, height: 1800 }, 4, 3 / 2, false);
    for (const frame of layout.frames) holes.push(await meanColour(stripFile, shifted(middle(frame, 0.15))));
    const around = await meanColour(stripFile, shifted({ ...layout.frames[0]!, width: 20 }));
    console.info(`holes: ${holes.map((c) => c.join('/')).join(', ')}; beside a hole ${around.join('/')}`);
    for (const colour of holes) for (const channel of colour) expect(channel).toBeGreaterThan(240);
    expect(around[0]).toBeGreaterThan(150);
    expect(around[1]).toBeLessThan(90);
  });
});
