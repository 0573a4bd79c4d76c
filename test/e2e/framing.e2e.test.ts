// Journey: framing on the 4x6 print page in real Chromium against the real shop. A renamed text file
// and a JPEG's magic bytes over no picture are refused when chosen; a 3:2 landscape photo gets a
// landscape frame that keeps all its pixels; a 4:3 one keeps what a 3:2 frame can (88.9%); on a
// small photo the live quality band drops when zooming in, Rotate frame turns the frame portrait and
// the server takes that portrait crop; Re-crop opens on that crop. A photo deleted while its crop uploads has that upload aborted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, recordScreenshot, type Shop } from './support/browser';

let shop: Shop;
let dir: string;

async function makeJpeg(name: string, width: number, height: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#2b5876"/><stop offset="1" stop-color="#fcd581"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.6}" r="${height / 5}" fill="#fff3c4"/>
  </svg>`;
  const file = path.join(dir, name);
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
  return file;
}

type Rect = { x: number; y: number; width: number; height: number };

/**
 * Applies the open crop and answers the crop rectangle the page sent with POST /api/images (read
 * where the page builds the form: Chromium does not hand a multipart body with files to Playwright).
 */
async function applyAndReadCrop(page: Page): Promise<Rect> {
  const response = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/images',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Apply Crop' }).click();
  expect((await response).status()).toBe(201);
  const sent = await page.evaluate('window.__crops.at(-1)');
  return JSON.parse(sent as string) as Rect;
}

/** The frame as drawn on screen. */
async function frameBox(page: Page): Promise<{ width: number; height: number }> {
  return (await page.locator('.reactEasyCrop_CropArea').boundingBox())!;
}

const kept = (crop: Rect, width: number, height: number) => (crop.width * crop.height) / (width * height);

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-framing-'));
  shop = await openShop('e2e-framing');
});
afterAll(async () => {
  await shop?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('framing on the 4x6 print page', () => {
  it('refuses a renamed text file at once, frames landscape photos landscape, shows live quality and turns the frame', async () => {
    const { page } = shop;
    page.setDefaultTimeout(90_000);
    const notes = path.join(dir, 'not-a-photo.jpg');
    writeFileSync(notes, 'These are my holiday notes, not a photo.\n'.repeat(50));
    // JPEG's magic bytes over no picture: it starts like a photo, so only its structure refuses it.
    const corrupt = path.join(dir, 'corrupt.jpg');
    writeFileSync(corrupt, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x41)]));
    const wide = await makeJpeg('wide-3000x2000.jpg', 3000, 2000);
    const camera = await makeJpeg('camera-4000x3000.jpg', 4000, 3000);
    const small = await makeJpeg('small-1500x1000.jpg', 1500, 1000);
    const input = page.locator('input[type="file"]');
    const dialog = page.getByRole('dialog');

    await page.addInitScript(`(() => {
      window.__crops = [];
      const append = FormData.prototype.append;
      FormData.prototype.append = function (name, value, ...rest) {
        if (name === 'crop') window.__crops.push(String(value));
        return append.call(this, name, value, ...rest);
      };
    })()`);
    await page.goto(shop.url('/product/4x6-photo-prints'));
    await input.waitFor({ state: 'attached' });

    // Refused when chosen: nothing is listed, nothing is uploaded.
    let uploads = 0;
    page.on('request', (r) => void (new URL(r.url()).pathname.startsWith('/api/images') && (uploads += 1)));
    await input.setInputFiles([notes, corrupt]);
    await page
      .getByRole('alert')
      .filter({
        hasText:
          '2 files could not be processed: not-a-photo.jpg and corrupt.jpg. Please ensure they are valid image files.',
      })
      .waitFor();
    expect(await page.getByTestId('upload-card').count()).toBe(0);
    expect(uploads).toBe(0);

    // A 3:2 landscape photo: the frame starts landscape and keeps the whole photo.
    await input.setInputFiles(wide);
    await page.getByRole('button', { name: 'Crop wide-3000x2000.jpg' }).click();
    await dialog.locator('[data-crop-ready="true"][data-orientation="landscape"]').waitFor();
    const wideFrame = await frameBox(page);
    expect(wideFrame.width).toBeGreaterThan(wideFrame.height);
    await dialog.getByText(/Good quality \(\d+ DPI\)/).waitFor();
    await recordScreenshot(page, 'framing-landscape-4x6');
    const wideCrop = await applyAndReadCrop(page);
    const wideKept = kept(wideCrop, 3000, 2000);
    expect(wideCrop.width).toBeGreaterThan(wideCrop.height);
    expect(wideKept).toBeGreaterThanOrEqual(0.95);

    // A 4:3 camera photo: a 3:2 landscape frame is the best a 4x6 allows.
    await input.setInputFiles(camera);
    await page.getByRole('button', { name: 'Crop camera-4000x3000.jpg' }).click();
    await dialog.locator('[data-crop-ready="true"][data-orientation="landscape"]').waitFor();
    const cameraKept = kept(await applyAndReadCrop(page), 4000, 3000);
    expect(cameraKept).toBeGreaterThan(0.88);

    // A small photo: the band drops as the shopper zooms in, then the frame is turned portrait.
    await input.setInputFiles(small);
    await page.getByRole('button', { name: 'Crop small-1500x1000.jpg' }).click();
    await dialog.locator('[data-crop-ready="true"][data-orientation="landscape"]').waitFor();
    const live = dialog.getByTestId('live-print-quality');
    const before = await live.locator('strong').textContent();
    await dialog.getByRole('slider').fill('3');
    await live.getByText(/Poor quality/).waitFor();
    const after = await live.locator('strong').textContent();
    expect(before).toMatch(/^Good quality/);
    expect(after).toMatch(/^Poor quality/);

    await dialog.getByRole('button', { name: 'Rotate frame' }).click();
    await dialog.locator('[data-testid="crop-stage"][data-orientation="portrait"]').waitFor();
    await expect(dialog.getByLabel('Frame orientation').textContent()).resolves.toBe('Portrait frame');
    await page.waitForFunction(() => {
      const frame = document.querySelector('.reactEasyCrop_CropArea')!.getBoundingClientRect();
      return frame.height > frame.width;
    });
    await recordScreenshot(page, 'framing-portrait-4x6');
    const portraitCrop = await applyAndReadCrop(page);
    expect(portraitCrop.height).toBeGreaterThan(portraitCrop.width);
    await dialog.waitFor({ state: 'detached' });
    await expect(page.locator('[data-testid="upload-card"][data-cropped="true"]').count()).resolves.toBe(3);

    // Re-crop opens where that crop was: the portrait frame at 3x, not a centred landscape one.
    await page.getByRole('button', { name: 'Re-crop small-1500x1000.jpg' }).click();
    await dialog.locator('[data-crop-ready="true"][data-orientation="portrait"]').waitFor();
    await expect(dialog.getByLabel('Zoom level').textContent()).resolves.toBe('3.0x');
    const again = await applyAndReadCrop(page);
    for (const key of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(again[key] - portraitCrop[key]), key).toBeLessThanOrEqual(2);

    console.log('framing kept pixels', {
      wide3000x2000: `${(wideKept * 100).toFixed(1)}% (${wideCrop.width}x${wideCrop.height})`,
      camera4000x3000: `${(cameraKept * 100).toFixed(1)}%`,
      smallZoom: { before, after },
      portraitCrop,
    });
  }, 300_000);

  it('given a photo deleted while its crop uploads, then the upload is aborted and nothing stays listed', async () => {
    const { page } = shop;
    const photo = await makeJpeg('deleted-while-uploading.jpg', 3000, 2000);
    await page.goto(shop.url('/product/4x6-photo-prints'));
    const input = page.locator('input[type="file"]');
    await input.waitFor({ state: 'attached' });
    // The shop never answers this upload: only an abort ends it.
    await page.route('**/api/images', (route) =>
      route.request().method() === 'POST' ? new Promise(() => undefined) : route.fallback(),
    );
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/images',
    );
    await input.setInputFiles(photo);
    await page.getByRole('button', { name: 'Crop deleted-while-uploading.jpg' }).click();
    await page.locator('[data-crop-ready="true"]').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply Crop' }).click();
    const upload = await sent;
    // At once, well before the upload's own 30 s timeout would end it.
    const failed = page.waitForEvent('requestfailed', { predicate: (r) => r === upload, timeout: 10_000 });

    await page.getByRole('button', { name: 'Delete deleted-while-uploading.jpg' }).click();

    expect((await failed).failure()?.errorText).toMatch(/ABORTED/);
    expect(await page.getByTestId('upload-card').count()).toBe(0);
    await page.unroute('**/api/images');
  });
});
