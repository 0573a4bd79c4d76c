// Print files of strips and collages composed on the server from the slot originals and the crops
// recorded on the line: a Good Vibes strip's frames are exactly the shopper's crops
// (nothing of what was framed is cut) above its artwork; a diamond-grid collage on A4 has each
// slot's crop inside its real shape. Checked pixel-wise: the frame (or the middle of a diamond)
// and the crop, both downscaled to 24 x 24, differ by a mean of under 10 levels of 255 (JPEG at
// 92/95 and two resamplings make 1-4; another photo, or the crop off by a tenth, makes 20+).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  containOnSheet,
  coverCrop,
  scaleRect,
  stripLayout,
  type Rect,
} from '@printshop/shared-events/rules/print-layout';
import { printQuality } from '@printshop/shared-events/rules/print-quality';
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
import { maskSlots, shifted, meanAbsDiff, middle, small, structuredPhoto } from './slot-pixels';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('slot_prints');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

const SAME = 10;
const cropOf = (photo: Buffer, crop: Rect) =>
  sharp(photo)
    .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
    .jpeg()
    .toBuffer();

describe('strip and collage print files from their slots', () => {
  it('given a paid Good Vibes strip and diamond collage, when an admin downloads the print files, then every frame and slot holds its crop', async () => {
    // given: three strip photos framed at the strip's 4:3, off-centre
    const buyer = browser(app);
    await buyer.register();
    const stripCrop = { x: 160, y: 90, width: 880, height: 660 };
    const stripPhotos = await Promise.all([1, 2, 3].map((n) => structuredPhoto(n, 1200, 900)));
    const frames: Array<{ imageId: string; slot: number }> = [];
    for (const [slot, raw] of stripPhotos.entries()) {
      const photo = { raw, cropped: await cropOf(raw, stripCrop), crop: stripCrop, type: 'image/jpeg' };
      const { croppedImageId } = await uploadForPrint(app, buyer, 'PHOTOSTRIPGOODVIBES', photo);
      frames.push({ imageId: croppedImageId, slot });
    }
    const strip = await buyer.call('POST', '/api/cart/photostrips', {
      sku: 'PHOTOSTRIPGOODVIBES',
      quantity: 1,
      croppedImageId: await buyer.uploadImage(),
      images: frames,
    });
    expect(strip.status, JSON.stringify(strip.body)).toBe(201);
    // nine diamond slots, each photo cropped at the editor's 4:3 in its own place
    const mask = await maskSlots('/images/products/mask16.png');
    expect(mask.slots).toHaveLength(9);
    const collagePhotos = await Promise.all(mask.slots.map((_, i) => structuredPhoto(10 + i, 1200, 900)));
    const crops = mask.slots.map((_, i) => ({ x: 40 * i, y: 20 * i, width: 800, height: 600 }));
    const images = [];
    for (const [i, raw] of collagePhotos.entries()) {
      const photo = { raw, cropped: await cropOf(raw, crops[i]!), crop: crops[i]!, type: 'image/jpeg' };
      const { rawImageId } = await uploadForPrint(app, buyer, 'TEMPLATE16_COLLAGE_A4', photo);
      images.push({ slotId: i + 1, imageId: rawImageId, position: mask.slots[i], crop: crops[i] });
    }
    const collage = await buyer.call('POST', '/api/cart/item', {
      sku: 'TEMPLATE16_COLLAGE_A4',
      quantity: 1,
      croppedImageId: await buyer.uploadImage(),
      customizationData: {
        templatePath: '/images/products/template16.png',
        templateName: 'Diamond Grid Collage - 9 Photos',
        size: 'A4',
        images,
      },
    });
    expect(collage.status, JSON.stringify(collage.body)).toBe(201);
    const { order, position } = await placeOrder(app, buyer, { email: freshEmail('slots'), lines: [] });
    admin.observe(position);

    // when
    const answer = await admin.get(`/api/admin/orders/${order.id}/print-files`);

    // then
    expect(answer.status).toBe(200);
    const files = await unzip(answer.bytes);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as {
      lines: Array<{
        file: string;
        source: string;
        widthPx: number;
        heightPx: number;
        effectiveDpi: number;
        dpiBand: string | null;
      }>;
    };
    const printed = manifest.lines.filter((l) => l.source === 'slots');
    expect(printed.map((l) => [l.file, l.widthPx, l.heightPx])).toEqual([
      ['01-PHOTOSTRIPGOODVIBES-x1.jpg', 676, 1876],
      ['02-TEMPLATE16_COLLAGE_A4-x1.jpg', 2556, 3584],
    ]);
    // No single crop was judged: the band is that of the weakest photo's DPI, as the lab reads it.
    for (const line of printed) expect(line.dpiBand, line.file).toBe(printQuality(line.effectiveDpi));

    // the strip: each frame is its photo's crop, whole (the frame has the crop's aspect)
    const stripFile = files.get('01-PHOTOSTRIPGOODVIBES-x1.jpg')!;
    const layout = stripLayout({ width: 600, height: 1800 }, 3, 4 / 3, true);
    const stripDiffs = [];
    for (const [i, frame] of layout.frames.entries()) {
      const shopper = await small(stripPhotos[i]!, stripCrop);
      stripDiffs.push(meanAbsDiff(await small(stripFile, shifted(frame)), shopper));
    }
    const other = meanAbsDiff(
      await small(stripFile, shifted(layout.frames[0]!)),
      await small(stripPhotos[1]!, stripCrop),
    );
    const offByATenth = meanAbsDiff(
      await small(stripFile, shifted(layout.frames[0]!)),
      await small(stripPhotos[0]!, { ...stripCrop, x: stripCrop.x + 88 }),
    );
    console.info(
      `strip frames vs crops: ${stripDiffs.map((d) => d.toFixed(2)).join(', ')}; another photo ${other.toFixed(1)}, crop off by a tenth ${offByATenth.toFixed(1)}`,
    );
    expect(Math.max(...stripDiffs)).toBeLessThan(SAME);
    expect(other).toBeGreaterThan(SAME);
    expect(offByATenth).toBeGreaterThan(SAME);
    // the artwork under the frames is the design's, not white paper
    const art = await sharp(stripFile)
      .extract({ left: 38 + 36, top: 38 + 1340, width: 528, height: 400 })
      .stats();
    expect(art.channels[0]!.mean).toBeLessThan(254);

    // the collage: the template placed on A4 with even margins; each slot's middle is its crop's
    const collageFile = files.get('02-TEMPLATE16_COLLAGE_A4-x1.jpg')!;
    const placed = containOnSheet(mask, { width: 2480, height: 3508 });
    const collageDiffs = [];
    for (const [i, slot] of mask.slots.entries()) {
      const box = scaleRect(slot, mask, placed);
      const region = coverCrop(crops[i]!, box);
      const printedMiddle = await small(collageFile, shifted(middle(box, 0.4)));
      collageDiffs.push(meanAbsDiff(printedMiddle, await small(collagePhotos[i]!, middle(region, 0.4))));
    }
    console.info(`diamond slots vs crops: ${collageDiffs.map((d) => d.toFixed(2)).join(', ')}`);
    expect(Math.max(...collageDiffs)).toBeLessThan(SAME);
  });
});
