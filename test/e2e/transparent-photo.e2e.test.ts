// In real Chromium against the real shop: a PNG with a see-through half, cropped on the 4x6 page.
// The browser's crop is a JPEG (no transparency); the print file is made from the original and
// flattened on white paper, so the crop the shopper sees in the cart must be white there too, not
// black; so must the list's preview, which a worker draws.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Shop } from './support/browser';

let shop: Shop;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-transparent-'));
  shop = await openShop('e2e-transparent');
});
afterAll(async () => {
  await shop?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a photo with a see-through part', () => {
  it('given a PNG whose left half is transparent, when it is cropped for a 4x6 print, then the uploaded crop is white there (as the print), not black', async () => {
    const { page } = shop;
    // given: 1200 x 1800, the left half transparent, the right half red
    const red = await sharp({ create: { width: 600, height: 1800, channels: 4, background: '#dd0000ff' } })
      .png()
      .toBuffer();
    const png = await sharp({
      create: { width: 1200, height: 1800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: red, left: 600, top: 0 }])
      .png()
      .toBuffer();
    const file = path.join(dir, 'see-through.png');
    writeFileSync(file, png);

    // The cropped JPEG the page sends (read from the form it builds).
    await page.addInitScript(`(() => {
      const append = FormData.prototype.append;
      FormData.prototype.append = function (name, value, ...rest) {
        if (name === 'croppedImage' && value instanceof Blob)
          window.__cropped = value.arrayBuffer().then((b) => Array.from(new Uint8Array(b)));
        return append.call(this, name, value, ...rest);
      };
    })()`);
    await page.goto(shop.url('/product/4x6-photo-prints'));
    const input = page.locator('input[type="file"]');
    await input.waitFor({ state: 'attached' });
    await input.setInputFiles(file);

    // The list's preview (made in a worker) is on white too.
    const preview = page.getByTestId('upload-card').locator('img').first();
    await preview.waitFor();
    const previewLeft = await preview.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      return Array.from(context.getImageData(2, Math.round(img.naturalHeight / 2), 1, 1).data.slice(0, 3));
    });
    for (const channel of previewLeft) expect(channel).toBeGreaterThan(240);

    // when: framed as offered and applied
    await page.getByRole('button', { name: 'Crop see-through.png' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('[data-crop-ready="true"]').waitFor();
    const uploaded = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/images',
    );
    await dialog.getByRole('button', { name: 'Apply Crop' }).click();
    expect((await uploaded).status()).toBe(201);

    // then: the left of the crop is white paper, the right still red
    const bytes = Buffer.from((await page.evaluate('window.__cropped')) as number[]);
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    };
    const middle = Math.round(info.height / 2);
    console.info(
      `crop ${info.width} x ${info.height}: left ${pixel(10, middle)}, right ${pixel(info.width - 10, middle)}`,
    );
    for (const channel of pixel(10, middle)) expect(channel).toBeGreaterThan(240);
    expect(pixel(info.width - 10, middle)[0]).toBeGreaterThan(180);
    expect(pixel(info.width - 10, middle)[1]).toBeLessThan(60);
  });
});
