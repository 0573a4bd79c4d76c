// The admin's print-files ZIP of a paid order, over HTTP: every line's file rendered on the server
// from its original and recipe at the print size (300 DPI + bleed), sRGB with its ICC profile,
// JPEG quality >= 92, in the photo's orientation (EXIF rotation applied); the manifest's fields and
// hashes; the too-small photo's file stating its effective DPI; the contact sheet.
import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@printshop/test/support/app';
import { browser } from '../cart/support';
import {
  adminApi,
  freshEmail,
  placeOrder,
  startAdminApp,
  unzip,
  type Api,
  type Photo,
} from '../admin/support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('print_files');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

const RED = { r: 220, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 220 };

/** An upright photo `width` x `height`: its first half (left, or top when `split` is 'top') red, the rest blue. */
async function twoTone(width: number, height: number, split: 'left' | 'top'): Promise<Sharp> {
  const half =
    split === 'left' ? { width: Math.round(width / 2), height } : { width, height: Math.round(height / 2) };
  const red = await sharp({ create: { ...half, channels: 3, background: RED } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: BLUE } }).composite([
    { input: red, left: 0, top: 0 },
  ]);
}

async function photoOf(upright: Sharp, crop: Photo['crop'], exifRotated = false): Promise<Photo> {
  const uprightJpeg = await upright.jpeg({ quality: 90 }).toBuffer();
  // EXIF orientation 6: the pixels are stored a quarter turn anticlockwise, viewers turn them back.
  const raw = exifRotated
    ? await sharp(uprightJpeg).rotate(270).withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toBuffer()
    : uprightJpeg;
  const cropped = await sharp(uprightJpeg)
    .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
    .jpeg()
    .toBuffer();
  return { raw, cropped, crop, type: 'image/jpeg' };
}

/** The pixel at a fraction of the image: [r, g, b]. */
async function pixelAt(jpeg: Buffer, fx: number, fy: number): Promise<number[]> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}
const isRed = ([r, g, b]: number[]) => r! > 180 && g! < 50 && b! < 50;
const isBlue = ([r, g, b]: number[]) => b! > 180 && r! < 50 && g! < 50;

// JPEG Annex K luminance table: libjpeg (and sharp's mozjpeg with its default table 0) scales it by
// quality, so the sum of the file's first table gives the quality it was written at.
const ANNEX_K = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22,
  29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103,
  121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
function jpegQuality(jpeg: Buffer): number {
  const dqt = jpeg.indexOf(Buffer.from([0xff, 0xdb]));
  const table = [...jpeg.subarray(dqt + 5, dqt + 5 + 64)];
  const sum = table.reduce((a, b) => a + b, 0);
  const sumAt = (q: number) => {
    const scale = q < 50 ? 5000 / q : 200 - 2 * q;
    return ANNEX_K.reduce((a, v) => a + Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))), 0);
  };
  let best = 1;
  for (let q = 1; q <= 100; q++) if (Math.abs(sumAt(q) - sum) < Math.abs(sumAt(best) - sum)) best = q;
  return best;
}

describe('print files a lab can print', () => {
  it('given a paid order of a landscape 4x6, an EXIF-rotated portrait A4 poster and a too-small photo, when an admin downloads the print files, then each file is rendered from its original at the print size and the manifest describes it', async () => {
    // given: a 4000x3000 photo cropped to its full 6:4 landscape frame
    const landscape = await photoOf(await twoTone(4000, 3000, 'left'), {
      x: 0,
      y: 166,
      width: 4000,
      height: 2667,
    });
    // a portrait photo (upright 2000x3000, stored turned, EXIF orientation 6) cropped to A4
    const portrait = await photoOf(
      await twoTone(2000, 3000, 'top'),
      { x: 0, y: 85, width: 2000, height: 2829 },
      true,
    );
    // a 600x400 photo: 100 DPI on a 4x6
    const small = await photoOf(await twoTone(600, 400, 'left'), { x: 0, y: 0, width: 600, height: 400 });
    const buyer = browser(app);
    await buyer.register();
    const { order, position } = await placeOrder(app, buyer, {
      email: freshEmail('lab'),
      lines: [
        { sku: '4X6PHOTOPRINT', quantity: 3, photo: landscape },
        { sku: 'POSTERA4', quantity: 1, photo: portrait },
        { sku: '4X6PHOTOPRINT', quantity: 2, photo: small },
      ],
    });
    admin.observe(position);

    // when
    const started = performance.now();
    const answer = await admin.get(`/api/admin/orders/${order.id}/print-files`);
    const took = performance.now() - started;
    console.info(`print-files ZIP of 3 lines: ${Math.round(took)} ms, ${answer.bytes.length} bytes`);

    // then
    expect(answer.status).toBe(200);
    const files = await unzip(answer.bytes);
    const names = ['01-4X6PHOTOPRINT-x3.jpg', '02-POSTERA4-x1.jpg', '03-4X6PHOTOPRINT-x2.jpg'];
    expect([...files.keys()].sort()).toEqual(
      ['contact-sheet.jpg', 'manifest.csv', 'manifest.json', ...names].sort(),
    );
    const expected = [
      // 6 x 4 in at 300 DPI + 38 px bleed a side; A4 2480 x 3508 + bleed
      {
        widthPx: 1876,
        heightPx: 1276,
        printWidthIn: 6,
        printHeightIn: 4,
        printWidthMm: 152.4,
        printHeightMm: 101.6,
        effectiveDpi: 666,
        orientation: 'landscape',
        paper: '270 GSM glossy',
        quantity: 3,
        dpiBand: 'good',
      },
      {
        widthPx: 2556,
        heightPx: 3584,
        printWidthIn: 8.27,
        printHeightIn: 11.69,
        printWidthMm: 210,
        printHeightMm: 297,
        effectiveDpi: 241,
        orientation: 'portrait',
        paper: '300 GSM matte',
        quantity: 1,
        dpiBand: 'fair',
      },
      {
        widthPx: 1876,
        heightPx: 1276,
        printWidthIn: 6,
        printHeightIn: 4,
        printWidthMm: 152.4,
        printHeightMm: 101.6,
        effectiveDpi: 100,
        orientation: 'landscape',
        paper: '270 GSM glossy',
        quantity: 2,
        dpiBand: 'poor',
      },
    ];
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
    expect(manifest).toMatchObject({
      orderId: order.id,
      orderNumber: order.orderNumber,
      contactSheet: 'contact-sheet.jpg',
    });
    expect(manifest.lines).toHaveLength(3);
    for (const [index, name] of names.entries()) {
      const bytes = files.get(name)!;
      const meta = await sharp(bytes).metadata();
      expect(
        { format: meta.format, width: meta.width, height: meta.height, density: meta.density },
        name,
      ).toEqual({
        format: 'jpeg',
        width: expected[index]!.widthPx,
        height: expected[index]!.heightPx,
        density: 300,
      });
      expect(meta.hasProfile, name).toBe(true);
      expect(meta.icc!.subarray(16, 20).toString('latin1'), name).toBe('RGB ');
      expect(meta.space).toBe('srgb');
      expect(jpegQuality(bytes), name).toBeGreaterThanOrEqual(92);
      expect(manifest.lines[index], name).toMatchObject({
        ...expected[index],
        file: name,
        bleedPx: 38,
        source: 'original',
        contentHash: createHash('sha256').update(bytes).digest('hex'),
        missing: false,
      });
    }
    // the photo is the right way up and round: red on the left (landscape) or top (the EXIF-turned portrait)
    const [print, poster, tooSmall] = names.map((n) => files.get(n)!);
    expect(isRed(await pixelAt(print!, 0.25, 0.5)) && isBlue(await pixelAt(print!, 0.75, 0.5))).toBe(true);
    expect(isRed(await pixelAt(poster!, 0.5, 0.25)) && isBlue(await pixelAt(poster!, 0.5, 0.75))).toBe(true);
    // the too-small photo's file says its real DPI
    const exif = (await sharp(tooSmall!).metadata()).exif!.toString('latin1');
    expect(exif).toContain('effective 100 DPI');

    const csv = files.get('manifest.csv')!.toString('utf8').trim().split('\r\n');
    const header = csv[0]!.split(',');
    expect(header).toEqual(
      expect.arrayContaining([
        'file',
        'width_px',
        'height_px',
        'print_width_in',
        'print_height_mm',
        'effective_dpi',
        'orientation',
        'paper',
        'quantity',
        'content_hash',
      ]),
    );
    const rows = csv.slice(1).map((row) => Object.fromEntries(row.split(',').map((v, i) => [header[i], v])));
    expect(
      rows.map((r) => [r.file, r.width_px, r.effective_dpi, r.orientation, r.quantity, r.content_hash]),
    ).toEqual(
      manifest.lines.map((l: Record<string, unknown>) => [
        l.file,
        String(l.widthPx),
        String(l.effectiveDpi),
        l.orientation,
        String(l.quantity),
        l.contentHash,
      ]),
    );

    const sheet = await sharp(files.get('contact-sheet.jpg')!).metadata();
    expect(sheet.format).toBe('jpeg');
    expect(sheet.width).toBeGreaterThan(3 * 360);
  }, 180_000);
});
