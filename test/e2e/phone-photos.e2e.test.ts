// In real Chromium against the real shop: 4x6 prints of real phone photos (a
// 4000 x 3000 landscape JPEG, a portrait JPEG, a HEIC and a JPEG stored sideways with EXIF
// orientation 6) are framed on the 4x6 page, added, and the cart and checkout load only resized
// copies (`?w=`). Paid with the 4242 test card; the admin's print-files ZIP is opened and every
// file's pixel size, density, ICC profile and format checked; each JPEG's printed trim is compared
// with the crop the shopper framed (24 x 24 downscale, mean absolute difference under 10 of 255, as
// slot-prints.e2e.test.ts does), the EXIF-rotated one with its upright original. Figures are printed.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rect } from '@printshop/shared-events/rules/print-layout';
import { meanAbsDiff, small, structuredPhoto } from '../orders/slot-pixels';
import type { Shop } from './support/browser';
import { openShopWithAdmin, payAndDownloadPrintFiles } from './support/print-files';

const HEIC = fileURLToPath(new URL('../fixtures/images/sample.heic', import.meta.url));
const SAME = 10;
// command-service/src/images/print-spec.ts: a 4x6 is 6 x 4 in at 300 DPI plus 38 px bleed each side.
const BLEED = 38;
const TRIM = { long: 1800, short: 1200 };

let shop: Shop;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-phone-photos-'));
  shop = await openShopWithAdmin('e2e-phone-photos');
});
afterAll(async () => {
  await shop?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Image requests for the shopper's own uploads (ids, not catalog files) made while `visit` runs. */
async function uploadImageRequests(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const listen = (request: { url(): string; resourceType(): string }) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'image' && /^\/(api\/)?images\/[^/.]+$/.test(url.pathname))
      seen.push(url.pathname + url.search);
  };
  page.on('request', listen);
  await visit();
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  page.off('request', listen);
  return seen;
}

describe('4x6 prints of real phone photos, end to end', () => {
  it('given landscape, portrait, HEIC and EXIF-rotated photos framed and paid, when the admin opens the print files, then each is 4x6 at 300 DPI with sRGB, the right way up, and thumbnails are resized copies', async () => {
    const { page } = shop;
    page.setDefaultTimeout(90_000);

    // given: the four photos a phone gives
    const landscape = await structuredPhoto(1, 4000, 3000);
    const portrait = await structuredPhoto(2, 3000, 4000);
    const upright = await structuredPhoto(3, 1200, 1600);
    // Stored sideways (turned a quarter anticlockwise); orientation 6 says "turn clockwise to show".
    const sideways = await sharp(upright).rotate(270).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect(await sharp(sideways).metadata()).toMatchObject({ width: 1600, height: 1200, orientation: 6 });
    const files = {
      'landscape-4000x3000.jpg': landscape,
      'portrait-3000x4000.jpg': portrait,
      'rotated-exif6.jpg': sideways,
    };
    for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, name), bytes);
    copyFileSync(HEIC, path.join(dir, 'phone.heic'));
    const names = [...Object.keys(files), 'phone.heic'];

    await page.addInitScript(`(() => {
      window.__crops = [];
      const append = FormData.prototype.append;
      FormData.prototype.append = function (name, value, ...rest) {
        if (name === 'crop') window.__crops.push(String(value));
        return append.call(this, name, value, ...rest);
      };
    })()`);
    await page.goto(shop.url('/product/4x6-photo-prints'));
    const input = page.locator('input[type="file"]');
    await input.waitFor({ state: 'attached' });
    await input.setInputFiles(names.map((name) => path.join(dir, name)));
    const dialog = page.getByRole('dialog');
    const crops = new Map<string, Rect>();
    for (const name of names) {
      await page.getByRole('button', { name: `Crop ${name}` }).click();
      await dialog.locator('[data-crop-ready="true"]').waitFor();
      const uploaded = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/images',
      );
      await dialog.getByRole('button', { name: 'Apply Crop' }).click();
      expect((await uploaded).status()).toBe(201);
      await dialog.waitFor({ state: 'detached' });
      crops.set(name, JSON.parse((await page.evaluate('window.__crops.at(-1)')) as string) as Rect);
    }
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    // The 320 x 240 HEIC is below print quality: the shopper adds it anyway.
    const anyway = page.getByRole('button', { name: 'Add Anyway' });
    if (await anyway.isVisible({ timeout: 5_000 }).catch(() => false)) await anyway.click();
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(shop.url('/api/cart'))).json()).items as unknown[]).length,
        { timeout: 60_000 },
      )
      .toBe(4);

    // then: the cart and the checkout load resized copies only
    const cartImages = await uploadImageRequests(page, async () => {
      await page.goto(shop.url('/cart'));
      await page
        .getByRole('heading', { name: /4x6 Photo Prints/ })
        .first()
        .waitFor();
    });
    const checkoutImages = await uploadImageRequests(page, async () => {
      await page.goto(shop.url('/checkout'));
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    });
    console.info(`cart image requests: ${cartImages.join(', ')}; checkout: ${checkoutImages.join(', ')}`);
    expect(cartImages.length).toBeGreaterThanOrEqual(4);
    expect(cartImages.filter((url) => !/[?&]w=\d+/.test(url))).toEqual([]);
    expect(checkoutImages.filter((url) => !/[?&]w=\d+/.test(url))).toEqual([]);

    // when: paid with the 4242 test card, and the admin downloads the print files
    const entries = await payAndDownloadPrintFiles(page, shop, 'phone');
    console.info(`print-files ZIP: ${[...entries.keys()].join(', ')}`);
    // The print files are named by line and SKU (a contact sheet and the manifest ride along).
    const printed = [...entries.entries()].filter(([name]) => /^\d+-4X6PHOTOPRINT-x\d+\.jpg$/.test(name));

    // then: four files, each a 4x6 with bleed in its photo's orientation, 300 DPI, sRGB JPEG
    expect(printed).toHaveLength(4);
    const measured = [];
    for (const [name, bytes] of printed) {
      const meta = await sharp(bytes).metadata();
      measured.push({
        name,
        size: `${meta.width}x${meta.height}`,
        density: meta.density,
        icc: meta.icc?.length ?? 0,
        format: meta.format,
      });
      expect(meta.format).toBe('jpeg');
      expect(meta.density).toBe(300);
      expect(meta.icc?.length ?? 0).toBeGreaterThan(0);
    }
    const sizes = measured.map((m) => m.size).sort();
    const land = `${TRIM.long + 2 * BLEED}x${TRIM.short + 2 * BLEED}`;
    const port = `${TRIM.short + 2 * BLEED}x${TRIM.long + 2 * BLEED}`;
    // Landscape: the 4000 x 3000 JPEG and the 320 x 240 HEIC; portrait: the portrait and the rotated one.
    expect(sizes).toEqual([port, port, land, land].sort());

    // and each JPEG's trim is its crop, the EXIF-rotated one upright
    const trimOf = async (bytes: Buffer) => {
      const meta = await sharp(bytes).metadata();
      return small(bytes, {
        x: BLEED,
        y: BLEED,
        width: meta.width! - 2 * BLEED,
        height: meta.height! - 2 * BLEED,
      });
    };
    const trims = await Promise.all(printed.map(([, bytes]) => trimOf(bytes)));
    const best = async (source: Buffer, crop: Rect) => {
      const expected = await small(source, crop);
      return Math.min(...trims.map((trim) => meanAbsDiff(trim, expected)));
    };
    const landscapeCrop = crops.get('landscape-4000x3000.jpg')!;
    const rotatedCrop = crops.get('rotated-exif6.jpg')!;
    const diffs = {
      landscape: await best(landscape, landscapeCrop),
      portrait: await best(portrait, crops.get('portrait-3000x4000.jpg')!),
      rotatedUpright: await best(upright, rotatedCrop),
      // The control: the same photo upside down matches no file.
      rotatedUpsideDown: await best(await sharp(upright).rotate(180).toBuffer(), rotatedCrop),
    };
    console.info(
      `phone photos print files: ${JSON.stringify(measured)}; crops ${JSON.stringify(Object.fromEntries(crops))}; ` +
        `landscape 4x6 crop ${landscapeCrop.width}x${landscapeCrop.height} of 4000x3000 ` +
        `(${((100 * landscapeCrop.width * landscapeCrop.height) / (4000 * 3000)).toFixed(1)}% kept); ` +
        `trim vs crop mean abs diff ${Object.entries(diffs)
          .map(([k, v]) => `${k} ${v.toFixed(2)}`)
          .join(', ')}`,
    );
    expect(landscapeCrop.width / landscapeCrop.height).toBeCloseTo(1.5, 1);
    expect(diffs.landscape).toBeLessThan(SAME);
    expect(diffs.portrait).toBeLessThan(SAME);
    expect(diffs.rotatedUpright).toBeLessThan(SAME);
    expect(diffs.rotatedUpsideDown).toBeGreaterThan(SAME);
  }, 400_000);
});
