// In real Chromium against the real shop: a Good Vibes strip and a diamond-grid collage are
// filled with real photos through their pages, paid for, and the admin's print-files ZIP is read:
// each strip frame and each diamond's middle is compared with the crop the shopper framed (both
// downscaled to 24 x 24; mean absolute difference under 10 of 255: JPEG and resampling make 1-4,
// another photo or a crop off by a tenth 20+). Also: the collage's click-to-cart-page time (printed),
// and at 390 px wide no floating button covers "Save & Create Another".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  containOnSheet,
  coverCrop,
  scaleRect,
  stripLayout,
  type Rect,
} from '@printshop/shared-events/rules/print-layout';
import { meanAbsDiff, middle, small, structuredPhoto } from '../orders/slot-pixels';
import { recordScreenshot, type Shop } from './support/browser';
import { openShopWithAdmin, payAndDownloadPrintFiles } from './support/print-files';

const SAME = 10;
const BLEED = 38;
const shifted = (r: Rect): Rect => ({ ...r, x: r.x + BLEED, y: r.y + BLEED });

let shop: Shop;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-slot-prints-'));
  shop = await openShopWithAdmin('e2e-slot-prints');
});
afterAll(async () => {
  await shop?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Strip frames: each photo uploaded and framed in the crop dialog; the crop each upload sent. */
async function fillStrip(page: Page, photos: Buffer[]): Promise<Rect[]> {
  await page.addInitScript(`(() => {
    window.__crops = [];
    const append = FormData.prototype.append;
    FormData.prototype.append = function (name, value, ...rest) {
      if (name === 'crop') window.__crops.push(String(value));
      return append.call(this, name, value, ...rest);
    };
  })()`);
  await page.goto(shop.url('/product/good-vibes-photo-strip'));
  const input = page.locator('input[type="file"]');
  await input.waitFor({ state: 'attached' });
  const dialog = page.getByRole('dialog');
  for (const [i, photo] of photos.entries()) {
    const file = path.join(dir, `strip-${i + 1}.jpg`);
    writeFileSync(file, photo);
    await input.setInputFiles(file);
    await page.getByRole('button', { name: `Crop strip-${i + 1}.jpg` }).click();
    await dialog.locator('[data-crop-ready="true"]').waitFor();
    const uploaded = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/images',
    );
    await dialog.getByRole('button', { name: 'Apply Crop' }).click();
    expect((await uploaded).status()).toBe(201);
    await dialog.waitFor({ state: 'detached' });
  }
  const crops = (await page.evaluate('window.__crops')) as string[];
  return crops.map((c) => JSON.parse(c) as Rect);
}

async function fillSlot(page: Page, slot: number, image: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `Add a photo to slot ${slot}` }).click();
  await (await chooser).setFiles({ name: `photo-${slot}.jpg`, mimeType: 'image/jpeg', buffer: image });
  const dialog = page.getByRole('dialog', { name: 'Crop Your Photo' });
  await dialog.getByRole('button', { name: 'Apply Crop' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByAltText(`Photo in slot ${slot}`).waitFor();
}

interface CollageSlot {
  slotId: number;
  imageId: string;
  position: Rect;
  crop: Rect;
}

describe('strips and collages print from what the shopper framed', () => {
  it('given a strip and a diamond collage filled with real photos and paid, when the admin downloads the print files, then each frame and slot matches its crop', async () => {
    const { page } = shop;
    page.setDefaultTimeout(90_000);

    // given: a Good Vibes strip of three 1600 x 1200 photos framed at the strip's 4:3
    const stripPhotos = await Promise.all([1, 2, 3].map((n) => structuredPhoto(n, 1600, 1200)));
    const stripCrops = await fillStrip(page, stripPhotos);
    expect(stripCrops).toHaveLength(3);
    const stripAdded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cart/photostrips');
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
    expect((await stripAdded).status()).toBe(201);

    // and a diamond-grid collage (template16) of nine photos, each framed in its slot
    await page.goto(shop.url('/product/template16-collage'));
    await page.getByText('0 of 9 photos added').waitFor();
    const collagePhotos = await Promise.all(
      Array.from({ length: 9 }, (_, i) => structuredPhoto(20 + i, 1600, 1200)),
    );
    for (let slot = 1; slot <= 9; slot++) await fillSlot(page, slot, collagePhotos[slot - 1]!);
    await page.getByText('9 of 9 photos added').waitFor();
    const steps: string[] = [];
    const started = Date.now();
    const note = (what: string) => steps.push(`${what} +${Date.now() - started} ms`);
    page.on('request', (r) => r.method() === 'POST' && note(`${new URL(r.url()).pathname} sent`));
    page.on('requestfinished', (r) => r.method() === 'POST' && note(`${new URL(r.url()).pathname} answered`));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL('**/cart');
    const clickToCart = Date.now() - started;
    console.info(
      `collage add (9 slots, 1600x1200 photos): click to cart page ${clickToCart} ms (${steps.join('; ')})`,
    );
    const cart = await page.request.get(shop.url('/api/cart'));
    const items = (await cart.json()).items as Array<{
      sku: string;
      customizationData?: { images: CollageSlot[] };
    }>;
    const line = items.find((item) => item.sku === 'TEMPLATE16_COLLAGE_A4')!;
    expect(line.customizationData!.images.every((slot) => slot.crop)).toBe(true);
    await page.getByRole('heading', { name: /Diamond Grid Collage - 9 Photos/ }).waitFor();
    await shop.screenshot('slot-prints-cart');

    // when: paid with the test card, and the admin downloads the print files
    const files = await payAndDownloadPrintFiles(page, shop, 'slots');

    // then: the strip's frames are the shopper's crops, whole
    const stripFile = files.get('01-PHOTOSTRIPGOODVIBES-x1.jpg')!;
    const layout = stripLayout({ width: 600, height: 1800 }, 3, 4 / 3, true);
    const stripDiffs: number[] = [];
    for (const [i, frame] of layout.frames.entries()) {
      const printed = await small(stripFile, shifted(frame));
      stripDiffs.push(meanAbsDiff(printed, await small(stripPhotos[i]!, stripCrops[i]!)));
    }
    const another = meanAbsDiff(
      await small(stripFile, shifted(layout.frames[0]!)),
      await small(stripPhotos[1]!, stripCrops[1]!),
    );
    // and each diamond holds its slot's crop
    const collageFile = files.get('02-TEMPLATE16_COLLAGE_A4-x1.jpg')!;
    const source = { width: 900, height: 1273 };
    const placed = containOnSheet(source, { width: 2480, height: 3508 });
    const collageDiffs: number[] = [];
    for (const [i, slot] of line.customizationData!.images.entries()) {
      const box = scaleRect(slot.position, source, placed);
      const region = coverCrop(slot.crop, box);
      const printed = await small(collageFile, shifted(middle(box, 0.4)));
      collageDiffs.push(meanAbsDiff(printed, await small(collagePhotos[i]!, middle(region, 0.4))));
    }
    const round = (list: number[]) => list.map((d) => d.toFixed(2)).join(', ');
    console.info(
      `strip frames vs crops ${round(stripDiffs)} (another photo ${another.toFixed(1)}); diamonds vs crops ${round(collageDiffs)}`,
    );
    expect(Math.max(...stripDiffs)).toBeLessThan(SAME);
    expect(another).toBeGreaterThan(SAME);
    expect(Math.max(...collageDiffs)).toBeLessThan(SAME);
  }, 300_000);

  it('given a phone 390 px wide scrolled to the collage buttons, then no floating button covers "Save & Create Another"', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(shop.url('/product/template16-collage'));
    const save = page.getByRole('button', { name: 'Save & Create Another' });
    await save.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    const saveBox = (await save.boundingBox())!;
    const floating = page.getByRole('button', { name: 'Create Collage', exact: true });
    const floatingBox = (await floating.count()) > 0 ? await floating.boundingBox() : null;
    const overlaps =
      !!floatingBox &&
      floatingBox.x < saveBox.x + saveBox.width &&
      saveBox.x < floatingBox.x + floatingBox.width &&
      floatingBox.y < saveBox.y + saveBox.height &&
      saveBox.y < floatingBox.y + floatingBox.height;
    await recordScreenshot(page, 'collage-phone-save-button');
    expect(overlaps).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
