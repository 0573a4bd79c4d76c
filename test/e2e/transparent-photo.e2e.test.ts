// In real Chromium against the real shop: a PNG with a see-through half, cropped on the 4x6 page.
// The browser's crop is a JPEG (no transparency); the print file is made from the original and
// flattened on white paper, so the crop the shopper sees in the cart must be white there too, not
// black; so must the list's preview, which a worker draws, and the crop tool. In a collage the
// see-through part of a slot's photo is white in the crop tool, the preview and the composed picture
// the cart shows (the slot's colour and number drew through it), as in the print file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { maskSlots } from '../orders/slot-pixels';
import { openShop, recordScreenshot, type Shop } from './support/browser';

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

/** The colour on screen at a point of `target` given as shares of its width and height. */
async function shownPixel(page: Page, target: Locator, x: number, y: number): Promise<number[]> {
  const box = (await target.boundingBox())!;
  const clip = {
    x: Math.round(box.x + box.width * x),
    y: Math.round(box.y + box.height * y),
    width: 1,
    height: 1,
  };
  const shot = await page.screenshot({ clip });
  return [...(await sharp(shot).removeAlpha().raw().toBuffer())];
}

/** A PNG with a transparent disc in its middle (the hidden pixels black), red elsewhere. */
async function holedPng(width: number, height: number): Promise<Buffer> {
  const red = await sharp({ create: { width, height, channels: 4, background: '#cc2222ff' } })
    .png()
    .toBuffer();
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${width / 3}"/></svg>`,
  );
  return sharp(red)
    .composite([{ input: disc, blend: 'dest-out' }])
    .png()
    .toBuffer();
}

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
    // The crop tool shows the see-through half white too, not the stage's dark behind the photo.
    const toolLeft = await shownPixel(page, dialog.locator('.reactEasyCrop_Image'), 0.25, 0.5);
    for (const channel of toolLeft) expect(channel).toBeGreaterThan(240);
    await recordScreenshot(dialog, 'print-see-through-crop');
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

  it('given a PNG with a transparent disc in every slot of the hanging polaroids, when the collage is previewed and added to the cart, then the disc is white in the crop tool, the preview and the cart picture, not the slot colour and number', async () => {
    const { page } = shop;
    page.setDefaultTimeout(60_000);
    // given: the photo, 3:4 as the slots, so the centred crop keeps the disc in each slot's middle
    const png = await holedPng(900, 1200);
    const mask = await maskSlots('/images/products/mask7.png');
    let collageId: string | undefined;
    page.on('response', async (response) => {
      if (response.url().endsWith('/api/cart/item') && response.request().method() === 'POST') {
        const answer = (await response.json()) as { item?: { cropped_image_id: string } };
        collageId = answer.item?.cropped_image_id;
      }
    });
    await page.goto(shop.url('/product/template7-collage'));
    await page.getByText('0 of 5 photos added').waitFor();
    for (let slot = 1; slot <= 5; slot++) {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: `Add a photo to slot ${slot}` }).click();
      await (await chooser).setFiles({ name: `holed-${slot}.png`, mimeType: 'image/png', buffer: png });
      const dialog = page.getByRole('dialog', { name: 'Crop Your Photo' });
      const photo = dialog.locator('.reactEasyCrop_Image');
      await photo.waitFor();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
      if (slot === 1) {
        // The crop tool shows the disc white too, not the stage's dark.
        for (const c of await shownPixel(page, photo, 0.5, 0.5)) expect(c).toBeGreaterThan(240);
        await recordScreenshot(dialog, 'collage-see-through-crop');
      }
      await dialog.getByRole('button', { name: 'Apply Crop' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByAltText(`Photo in slot ${slot}`).waitFor();
    }
    await page.getByText('5 of 5 photos added').waitFor();

    // when: previewed
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Collage Preview' });
    const picture = preview.getByRole('img', { name: 'Collage preview' });
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);

    // then: the middle of every slot of the preview is white (the preview is drawn at 720 px)
    const centres = mask.slots.map((s) => [
      (s.x + s.width / 2) / mask.width,
      (s.y + s.height / 2) / mask.height,
    ]);
    const previewed = await picture.evaluate((img: HTMLImageElement, points: number[][]) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      return points.map(([x, y]) =>
        Array.from(
          context
            .getImageData(Math.round(x! * img.naturalWidth), Math.round(y! * img.naturalHeight), 1, 1)
            .data.slice(0, 3),
        ),
      );
    }, centres);
    console.info(`preview slot middles: ${previewed.map((c) => c.join('/')).join(', ')}`);
    for (const colour of previewed) for (const channel of colour) expect(channel).toBeGreaterThan(235);
    await recordScreenshot(preview, 'collage-see-through-preview');
    await preview.getByRole('button', { name: 'Close' }).click();

    // and the collage the cart line shows (the composed upload) is white there too
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL('**/cart');
    expect(collageId).toBeDefined();
    const served = await page.request.get(shop.url(`/images/${collageId}`));
    const { data, info } = await sharp(await served.body())
      .raw()
      .toBuffer({ resolveWithObject: true });
    const inCart = centres.map(([x, y]) => {
      const at = (Math.round(y! * info.height) * info.width + Math.round(x! * info.width)) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    });
    console.info(`cart collage slot middles: ${inCart.map((c) => c.join('/')).join(', ')}`);
    for (const colour of inCart) for (const channel of colour) expect(channel).toBeGreaterThan(235);
  });
});
