// Journeys of the template collage pages in real Chromium against the real shop: every slot of the
// post-style template filled with generated photos and added to the cart, whose line then shows the
// composed collage (a 1080 x 1920 upload, not one of the photos); and two collages of a mask-built
// template saved, the page reloaded (they are still there), and both added to the cart at once.
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenImages, openShop, recordScreenshot, type Shop } from './support/browser';

let shop: Shop;

beforeAll(async () => {
  shop = await openShop('e2e-collages');
});
afterAll(() => shop?.close());

/** A photo-like JPEG: a two-colour gradient with a bright disc, different for each n. */
function photo(n: number, width = 1200, height = 900): Promise<Buffer> {
  const hue = (n * 67) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},65%,40%)"/><stop offset="1" stop-color="hsl(${(hue + 70) % 360},80%,72%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.4}" cy="${height * 0.55}" r="${Math.min(width, height) / 4}" fill="hsl(${(hue + 180) % 360},90%,85%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
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

interface Uploaded {
  id: string;
  width: number;
  height: number;
}

/** Records every single-image upload's answer and every cart add's picture id, as they happen. */
function watchCollageCalls(page: Page) {
  const uploads: Uploaded[] = [];
  const cartImageIds: string[] = [];
  page.on('response', async (response) => {
    const url = response.url();
    if (url.endsWith('/api/images/single') && response.ok()) {
      uploads.push(((await response.json()) as { image: Uploaded }).image);
    } else if (url.endsWith('/api/cart/item') && response.request().method() === 'POST') {
      const answer = (await response.json()) as { item?: { cropped_image_id: string } };
      if (answer.item) cartImageIds.push(answer.item.cropped_image_id);
    }
  });
  /** The uploads that became cart lines' pictures: the composed collages. */
  const collages = () => cartImageIds.map((id) => uploads.find((u) => u.id === id));
  return { uploads, collages };
}

/** Pixel size of an image the shop serves. */
async function servedSize(page: Page, src: string): Promise<[number, number]> {
  const response = await page.request.get(shop.url(src));
  expect(response.ok()).toBe(true);
  const meta = await sharp(await response.body()).metadata();
  return [meta.width ?? 0, meta.height ?? 0];
}

describe('template collages', () => {
  it('given every slot filled, when added to the cart, then the cart line shows the composed collage', async () => {
    const { page } = shop;
    page.setDefaultTimeout(60_000);

    await page.goto(shop.url('/product/template-collage'));
    await page.getByRole('heading', { level: 1, name: 'Modern Post Style - 3 Photos' }).waitFor();
    await page.getByText('0 of 3 photos added').waitFor();
    await recordScreenshot(page, 'collage-page', { fullPage: true });
    const addToCart = page.getByRole('button', { name: 'Add to Cart' });
    expect(await addToCart.isDisabled()).toBe(true);
    // Watched from the start: each slot photo is uploaded as soon as its slot is filled.
    const calls = watchCollageCalls(page);
    for (let slot = 1; slot <= 3; slot++) await fillSlot(page, slot, await photo(slot));
    await page.getByText('3 of 3 photos added').waitFor();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByTestId('collage-unit-line').getByText('$4.99 x 2').waitFor();
    await recordScreenshot(page.getByTestId('collage-canvas'), 'collage-editor-filled');

    await addToCart.click();
    await page.waitForURL('**/cart');
    const heading = page.getByRole('heading', { name: 'Modern Post Style - 3 Photos (A4)' });
    await heading.waitFor();
    // Three photos and the collage were uploaded; the line's picture is the collage, not a photo.
    const uploaded = calls.collages()[0]!;
    expect([uploaded.width, uploaded.height]).toEqual([1080, 1920]);
    expect(calls.uploads.filter((u) => u !== uploaded).map((u) => [u.width, u.height])).toEqual([
      [1200, 900],
      [1200, 900],
      [1200, 900],
    ]);
    const image = page.getByAltText(/Your photo for Modern Post Style - 3 Photos/);
    const src = await image.getAttribute('src');
    // The cart shows the resized copy; the full file behind it is the composed collage.
    expect(src).toBe(`/api/images/${uploaded.id}?w=256`);
    expect(await servedSize(page, `/images/${uploaded.id}`)).toEqual([1080, 1920]);
    await expect(
      page.getByRole('spinbutton', { name: /Quantity of Modern Post Style/ }).inputValue(),
    ).resolves.toBe('2');
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    expect(await brokenImages(page)).toEqual([]);
    await shop.screenshot('collage-in-cart');
  });

  it('given two saved collages, when the page is reloaded and all are added, then the cart has both', async () => {
    const { page } = shop;
    page.setDefaultTimeout(90_000);
    await page.goto(shop.url('/product/template21-collage'));
    await page.getByRole('heading', { level: 1, name: 'Friendship Story Collage - 4 Photos' }).waitFor();
    for (const [round, size] of [
      [0, 'A5'],
      [1, 'A3'],
    ] as const) {
      for (let slot = 1; slot <= 4; slot++) await fillSlot(page, slot, await photo(10 + round * 4 + slot));
      await page.getByRole('radio', { name: new RegExp(size) }).check();
      await page.getByRole('button', { name: 'Save & Create Another' }).click();
      await page.getByText('Collage saved! Create another one or add all to cart.').first().waitFor();
      await page.getByRole('heading', { name: `Saved Collages (${round + 1})` }).waitFor();
      await page.getByText('0 of 4 photos added').waitFor();
    }
    await recordScreenshot(page.getByRole('region', { name: 'Saved Collages (2)' }), 'collage-saved-two');

    await page.reload();
    await page.getByRole('heading', { name: 'Saved Collages (2)' }).waitFor();
    const calls = watchCollageCalls(page);
    await page.getByRole('button', { name: 'Add All 2 Collages to Cart' }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('heading', { name: 'Friendship Story Collage - 4 Photos (A5)' }).waitFor();
    await page.getByRole('heading', { name: 'Friendship Story Collage - 4 Photos (A3)' }).waitFor();
    // Mask builds are 4800 px wide (spec 2 §9).
    const collageUploads = calls.collages().map((u) => u!);
    expect(collageUploads.map((u) => u.width)).toEqual([4800, 4800]);
    const sources = await page
      .getByAltText(/Your photo for Friendship Story Collage/)
      .evaluateAll((images) => images.map((img) => img.getAttribute('src')));
    expect(sources.sort()).toEqual(collageUploads.map((u) => `/api/images/${u.id}?w=256`).sort());
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    expect(await brokenImages(page)).toEqual([]);
    await shop.screenshot('collages-added-all');

    // Once added they leave the saved list.
    await page.goto(shop.url('/product/template21-collage'));
    await page.getByText('0 of 4 photos added').waitFor();
    await expect(page.getByRole('heading', { name: /Saved Collages/ }).count()).resolves.toBe(0);
  });

  it('given the diamond grid, when a photo fills slot 1, then it shows only inside its diamond, and a click on a diamond opens that slot whichever box is on top', async () => {
    const { page } = shop;
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto(shop.url('/product/template16-collage'));
    await page.getByText('0 of 9 photos added').waitFor();
    const canvas = page.getByTestId('collage-canvas');
    /** A zone's box within the canvas. */
    const box = async (testId: string) => {
      const [zone, whole] = [await page.getByTestId(testId).boundingBox(), await canvas.boundingBox()];
      return { ...zone!, x: zone!.x - whole!.x, y: zone!.y - whole!.y };
    };
    const [one, two] = [await box('zone-1'), await box('zone-2')];
    // Slot 1's box lies over the top-right of diamond 2: a point of it 10 px in from where the
    // boxes cross, in the canvas's pixels.
    const inDiamondTwo = { left: Math.round(one.x + 10), top: Math.round(one.y + one.height - 10) };
    const pixelAt = async (point: { left: number; top: number }) =>
      sharp(await canvas.screenshot())
        .extract({ ...point, width: 1, height: 1 })
        .removeAlpha()
        .raw()
        .toBuffer();
    const emptyTwo = await pixelAt(inDiamondTwo);

    // An empty diamond, not hovered, draws nothing over the template's own diamond (a dashed square
    // masked to a diamond left dashes at its corners): the same pixels with its button hidden.
    await page.mouse.move(0, 0);
    // The canvas's screenshot scrolled the page, which goes on moving for a moment (seen: 7 px in
    // 300 ms): the zone is shot once the scroll stands still.
    let lastScroll = -1;
    await expect
      .poll(async () => lastScroll === (lastScroll = await page.evaluate(() => scrollY)), {
        interval: 100,
      })
      .toBe(true);
    const zoneThree = page.getByTestId('zone-3');
    const clip = (await zoneThree.boundingBox())!;
    const shotOfThree = () =>
      page.screenshot({ clip }).then((png) => sharp(png).removeAlpha().raw().toBuffer());
    const drawn = await shotOfThree();
    await zoneThree.evaluate((zone: HTMLElement) => (zone.style.visibility = 'hidden'));
    const hidden = await shotOfThree();
    await zoneThree.evaluate((zone: HTMLElement) => (zone.style.visibility = ''));
    expect(Math.max(...[...drawn].map((value, i) => Math.abs(value - hidden[i]!)))).toBeLessThanOrEqual(12);

    // Box 2 is on top over the lower-left of diamond 1: a click there opens slot 1.
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('zone-2').click({ position: { x: two.width - 10, y: 10 } });
    await (await chooser).setFiles({ name: 'photo-1.jpg', mimeType: 'image/jpeg', buffer: await photo(31) });
    const dialog = page.getByRole('dialog', { name: 'Crop Your Photo' });
    await dialog.getByRole('button', { name: 'Apply Crop' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByAltText('Photo in slot 1').waitFor();
    await page.getByText('1 of 9 photos added').waitFor();
    await page.waitForTimeout(300);

    // Diamond 2 still shows the template, not a corner of slot 1's photo.
    const filledTwo = await pixelAt(inDiamondTwo);
    expect(Math.max(...[...filledTwo].map((value, i) => Math.abs(value - emptyTwo[i]!)))).toBeLessThanOrEqual(
      12,
    );
    // Slot 1's remove button sits inside diamond 1, clear of its neighbours' boxes.
    const remove = (await page.getByRole('button', { name: 'Remove the photo from slot 1' }).boundingBox())!;
    const whole = (await canvas.boundingBox())!;
    expect(remove.y - whole.y).toBeGreaterThanOrEqual(one.y);
    expect(remove.y - whole.y + remove.height).toBeLessThanOrEqual(two.y);

    // On a laptop's 1366 x 768, the preview shows the whole collage and Close without scrolling.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Collage Preview' });
    const picture = preview.getByRole('img', { name: 'Collage preview' });
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    const close = (await preview.getByRole('button', { name: 'Close' }).boundingBox())!;
    expect(close.y + close.height).toBeLessThanOrEqual(768);
    const shown = (await picture.boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(0);
    expect(shown.height).toBeGreaterThan(400);
    expect(await preview.evaluate((panel) => panel.scrollHeight - panel.clientHeight)).toBeLessThanOrEqual(1);
    await recordScreenshot(page, 'collage-preview-laptop');
    await preview.getByRole('button', { name: 'Close' }).click();
    await recordScreenshot(canvas, 'collage-diamond-slot-1');
  });
});
