// In real Chromium against the real shop: an iPhone HEIC photo (test/fixtures/images/sample.heic,
// 320 x 240) chosen for a slot of the friendship-story collage. Chromium cannot draw HEIC, so the
// page has the server convert it (POST /api/images/single) while the slot says "Converting HEIC…",
// crops the server's JPEG, draws it in the slot, and the collage goes to the cart with that upload
// as the slot's photo (no second upload of it).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenImages, openShop, recordScreenshot, type Shop } from './support/browser';

const HEIC = readFileSync(fileURLToPath(new URL('../fixtures/images/sample.heic', import.meta.url)));

let shop: Shop;
beforeAll(async () => {
  shop = await openShop('e2e-collage-heic');
});
afterAll(() => shop?.close());

/** A photo-like JPEG, different for each n. */
function photo(n: number, width = 900, height = 900): Promise<Buffer> {
  const hue = (n * 67) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue},65%,45%)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${width / 4}" fill="hsl(${(hue + 180) % 360},90%,80%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function choose(page: Page, slot: number, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `Add a photo to slot ${slot}` }).click();
  await (await chooser).setFiles(file);
}

async function applyCrop(page: Page, slot: number): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Crop Your Photo' });
  await dialog.getByRole('button', { name: 'Apply Crop' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByAltText(`Photo in slot ${slot}`).waitFor();
}

interface Uploaded {
  id: string;
  width: number;
  height: number;
}

describe('a HEIC photo in a collage slot', () => {
  it('given an iPhone HEIC photo chosen for a slot, when it is converted, cropped and the collage added, then the slot shows it and the cart line carries its upload', async () => {
    const { page } = shop;
    page.setDefaultTimeout(90_000);
    const uploads: Uploaded[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('/api/images/single') && response.ok())
        uploads.push(((await response.json()) as { image: Uploaded }).image);
    });
    // The conversion held until the page has been seen saying so.
    let release!: () => void;
    const converting = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/images/single', async (route) => {
      await converting;
      await route.continue();
    });

    // given
    await page.goto(shop.url('/product/template21-collage'));
    await page.getByRole('heading', { level: 1, name: 'Friendship Story Collage - 4 Photos' }).waitFor();
    await page.getByText('0 of 4 photos added').waitFor();

    // when
    await choose(page, 1, { name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: HEIC });

    // then: the slot says it is converting, then the crop dialog opens on the converted picture
    await page.getByText('Converting HEIC…').waitFor();
    await recordScreenshot(page.getByTestId('collage-canvas'), 'collage-heic-converting');
    release();
    const dialog = page.getByRole('dialog', { name: 'Crop Your Photo' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Apply Crop' }).isEnabled()).toBe(true);
    expect(await dialog.getByText('This photo could not be read.').count()).toBe(0);
    await applyCrop(page, 1);
    await page.unroute('**/api/images/single');
    expect(uploads.map((u) => [u.width, u.height])).toEqual([[320, 240]]);

    // The slot's picture is drawn from the photo: loaded, and not one flat colour.
    const drawn = await page.getByAltText('Photo in slot 1').evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 32;
      canvas.height = 32;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0, 32, 32);
      const { data } = context.getImageData(0, 0, 32, 32);
      const opaque: number[] = [];
      for (let i = 0; i < data.length; i += 4)
        if (data[i + 3]! > 200) opaque.push(data[i]! + data[i + 1]! + data[i + 2]!);
      const mean = opaque.reduce((a, b) => a + b, 0) / Math.max(1, opaque.length);
      const spread = Math.sqrt(opaque.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, opaque.length));
      return { width: img.naturalWidth, opaque: opaque.length, spread };
    });
    expect(drawn.width).toBeGreaterThan(0);
    expect(drawn.opaque).toBeGreaterThan(100);
    expect(drawn.spread).toBeGreaterThan(10);

    for (let slot = 2; slot <= 4; slot++) {
      await choose(page, slot, {
        name: `photo-${slot}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await photo(slot),
      });
      await applyCrop(page, slot);
    }
    await page.getByText('4 of 4 photos added').waitFor();
    await recordScreenshot(page.getByTestId('collage-canvas'), 'collage-heic-filled');

    // when
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('heading', { name: 'Friendship Story Collage - 4 Photos (A4)' }).waitFor();

    // then: the HEIC upload is slot 1's photo; three JPEGs and the collage were the other uploads
    expect(uploads).toHaveLength(5);
    const cart = await page.request.get(shop.url('/api/cart'));
    const [line] = (await cart.json()).items as Array<{
      customizationData: { images: Array<{ slotId: number; imageId: string; crop?: object }> };
    }>;
    const slotOne = line!.customizationData.images.find((i) => i.slotId === 1)!;
    expect(slotOne.imageId).toBe(uploads[0]!.id);
    expect(slotOne.crop).toBeDefined();
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    expect(await brokenImages(page)).toEqual([]);
  }, 180_000);
});
