// Journey: a poster page in real Chromium against the real shop. Twelve generated photos are
// uploaded, batch-cropped, one gets quantity 10 (the poster band discount shows), all go to the cart,
// and the cart lists twelve lines with their pictures. Then 100 photos are chosen at once and the
// time until every preview exists is recorded (a figure for the notes, not an assertion).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenImages, openShop, recordScreenshot, SCREENSHOTS, type Shop } from './support/browser';

let shop: Shop;
let dir: string;

/** A photo-like JPEG or PNG: a two-colour gradient with a bright disc, different for each n. */
async function makePhoto(n: number, width: number, height: number, format: 'png' | 'jpeg'): Promise<string> {
  const hue = (n * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},80%,70%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height * 0.6}" r="${Math.min(width, height) / 5}" fill="hsl(${(hue + 180) % 360},90%,85%)"/>
    <text x="50%" y="20%" font-size="${Math.round(height / 8)}" text-anchor="middle" fill="#fff" font-family="sans-serif">${n}</text>
  </svg>`;
  const file = path.join(dir, `photo-${String(n).padStart(3, '0')}.${format === 'png' ? 'png' : 'jpg'}`);
  const image = sharp(Buffer.from(svg));
  await (format === 'png' ? image.png() : image.jpeg({ quality: 85 })).toFile(file);
  return file;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-photos-'));
  shop = await openShop('e2e-posters');
});
afterAll(async () => {
  await shop?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('poster page', () => {
  it.each([
    [768, 1024],
    [1024, 768],
  ])(
    'given a tablet of %i x %i, then the name, price and upload are on the first screen',
    async (width, height) => {
      const page = await shop.context.newPage();
      try {
        await page.setViewportSize({ width, height });
        await page.goto(shop.url('/product/poster-a4'));
        for (const part of [
          page.getByRole('heading', { level: 1, name: 'A4 Poster' }),
          page.getByTestId('product-price'),
          page.getByText('Upload Your Photos', { exact: true }),
        ]) {
          const box = (await part.boundingBox())!;
          expect(box.y + box.height).toBeLessThanOrEqual(height);
        }
        // The feature cards side by side only where their column has room for them.
        const cards = page.getByRole('list', { name: 'Why our posters' }).getByRole('listitem');
        const [first, second] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
        expect(first.width).toBeGreaterThanOrEqual(120);
        expect(second.y > first.y || second.x > first.x + first.width).toBe(true);
      } finally {
        await page.close();
      }
    },
  );

  it('given a laptop of 1366 x 768, given 4 photos, when the shopper scrolls down the page, then the sticky left column shows its foot (the bulk discount table) before the page ends', async () => {
    const page = await shop.context.newPage();
    try {
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.goto(shop.url('/product/poster-a4'));
      const photos = await Promise.all([1, 2, 3, 4].map((n) => makePhoto(n, 1200, 1600, 'jpeg')));
      await page.locator('input[type="file"]').setInputFiles(photos);
      await expect.poll(() => page.getByTestId('upload-card').count()).toBe(4);
      const left = page.locator('.poster-page__left');
      const right = page.locator('.poster-page__right');
      const [leftBox, rightBox] = [(await left.boundingBox())!, (await right.boundingBox())!];
      // The case in point: a column taller than the screen beside a longer one.
      expect(leftBox.height).toBeGreaterThan(768);
      expect(rightBox.height).toBeGreaterThan(leftBox.height);
      // Halfway down the right column, the left one is stuck with its foot on screen.
      await page.evaluate((y) => scrollTo(0, y), Math.round(leftBox.y + (rightBox.height - 768) / 2));
      await page.waitForTimeout(200);
      const table = (await page.getByRole('table').first().boundingBox())!;
      const now = (await left.boundingBox())!;
      expect(now.y + now.height).toBeLessThanOrEqual(768);
      expect(table.y + table.height).toBeLessThanOrEqual(768);
      // Scrolled back up, it sits below the header again, its top on screen.
      await page.evaluate(() => scrollTo(0, 0));
      await page.waitForTimeout(200);
      expect((await left.boundingBox())!.y).toBeGreaterThan(0);
      await recordScreenshot(page, 'poster-laptop-sticky');
    } finally {
      await page.close();
    }
  });

  it('given 12 photos, when they are batch-cropped, one is set to 10 and all are added, then the cart has 12 lines with images', async () => {
    const { page } = shop;
    // Twelve crops and uploads on a shared two-core machine: generous waits, no timing asserted.
    page.setDefaultTimeout(120_000);
    const photos = await Promise.all(
      Array.from({ length: 12 }, (_, i) => makePhoto(i + 1, 1300, 1838, 'png')),
    );

    let step = 'open';
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`${step}: ${m.text()}`);
    });
    try {
      await page.goto(shop.url('/product/poster-a4'));
      await page.getByRole('heading', { level: 1, name: 'A4 Poster' }).waitFor();
      await page.getByText('Popular Choice').waitFor();
      await page.locator('input[type="file"]').setInputFiles(photos);
      await page.getByRole('heading', { name: 'Your Photos (12)' }).waitFor();
      expect(await page.getByTestId('upload-card').count()).toBe(12);

      await page.getByRole('button', { name: 'Batch Crop (12)' }).click();
      const dialog = page.getByRole('dialog');
      for (let i = 1; i <= 12; i += 1) {
        step = `crop ${i}`;
        await dialog.getByRole('heading', { name: `Batch Crop (${i}/12)` }).waitFor();
        await dialog.locator('[data-crop-ready="true"]').waitFor();
        if (i === 1) await recordScreenshot(page, 'poster-batch-crop');
        await dialog.getByRole('button', { name: 'Apply Crop' }).click();
      }
      await dialog.waitFor({ state: 'detached' });
      // The crops upload in the background: every card ends cropped once its upload is in.
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="upload-card"][data-cropped="true"]').length === 12,
      );
      await expect(page.locator('[data-testid="upload-card"][data-cropped="true"]').count()).resolves.toBe(
        12,
      );
      // 1300 x 1838 px cropped to A4 (8.27 x 11.69 in) is about 157 DPI: the server calls it fair.
      await expect(page.getByText(/Fair quality \(1\d\d DPI\)/).count()).resolves.toBe(12);

      const quantity = page.getByRole('textbox', { name: 'Quantity of photo-001.png' });
      await quantity.fill('10');
      await quantity.press('Enter');
      // 21 posters x $1.78 = $37.38; 11.24% off = $4.20; total $33.18.
      await page.getByText('Bulk discount (11.24%)').waitFor();
      await expect(page.getByTestId('summary-subtotal').textContent()).resolves.toBe('$37.38');
      await expect(page.getByTestId('summary-discount').textContent()).resolves.toBe('−$4.20');
      await expect(page.getByTestId('summary-total').textContent()).resolves.toBe('$33.18');
      await page.getByText('Add 29 more posters to save 22.47%').waitFor();
      // Previews load lazily: bring the last one into view so the full-page picture has them all.
      await page.getByTestId('upload-card').last().scrollIntoViewIfNeeded();
      await page.waitForFunction(
        `Array.from(document.querySelectorAll('#uploads-list img')).every((i) => i.complete && i.naturalWidth > 0)`,
      );
      await recordScreenshot(page, 'poster-cropped-with-discount', { fullPage: true });

      step = 'add';
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText('12 posters added to cart!').waitFor();
      await expect(page.getByTestId('upload-card').count()).resolves.toBe(0);

      // In-app navigation keeps the last write's position, so the cart shows all twelve lines.
      step = 'cart';
      await page.locator('a.cart-link').click();
      await page.waitForURL('**/cart');
      const lines = page.locator('.cart-line');
      await lines.nth(11).waitFor();
      expect(await lines.count()).toBe(12);
      await page.waitForLoadState('networkidle');
      await page.evaluate(
        `Promise.all(Array.from(document.querySelectorAll('.cart-line img')).map((i) => i.decode().catch(() => null)))`,
      );
      expect(await brokenImages(page)).toEqual([]);
      const quantities = await page
        .locator('.cart-line .quantity-stepper input')
        .evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value));
      expect(quantities.sort()).toEqual(['1', '1', '1', '1', '1', '1', '1', '1', '1', '1', '1', '10'].sort());
      await recordScreenshot(page, 'poster-cart-12-lines', { fullPage: true });
    } catch (error) {
      await recordScreenshot(page, 'poster-failure', { fullPage: true });
      // Where it stopped, for the log: the step and what the page said.
      console.log('poster journey stopped at', step, { consoleErrors });
      throw error;
    }
  }, 360_000);

  it('records how long 100 photos chosen at once take to show every preview, and the longest main-thread stall', async () => {
    const { page } = shop;
    const photos: string[] = [];
    for (let i = 0; i < 100; i += 10) {
      photos.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, k) => makePhoto(i + k + 1, 2400, 1800, 'jpeg')),
        )),
      );
    }
    await page.goto(shop.url('/product/poster-a3'));
    await page.getByRole('heading', { level: 1, name: 'A3 Poster' }).waitFor();
    // In the page: note when the files arrive, and watch frames and long tasks until every preview exists.
    await page.evaluate(`(() => {
      const w = window;
      w.__timing = { start: 0, longest: 0, longTasks: 0, frameGap: 0 };
      document.querySelector('input[type=file]').addEventListener('change', () => {
        w.__timing.start = performance.now();
        let last = performance.now();
        const tick = (now) => { w.__timing.frameGap = Math.max(w.__timing.frameGap, now - last); last = now; if (!w.__timing.done) requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
      }, { capture: true });
      new PerformanceObserver((list) => { for (const e of list.getEntries()) { w.__timing.longTasks += 1; w.__timing.longest = Math.max(w.__timing.longest, e.duration); } })
        .observe({ type: 'longtask', buffered: false });
    })()`);
    await page.locator('input[type="file"]').setInputFiles(photos);
    await page.getByRole('heading', { name: 'Your Photos (100)' }).waitFor({ timeout: 60_000 });
    const listShownMs = await page.evaluate<number>(`performance.now() - window.__timing.start`);
    await page.locator('#uploads-list[data-previews-ready="100"]').waitFor({ timeout: 120_000 });
    await page.waitForFunction(
      `Array.from(document.querySelectorAll('#uploads-list img')).every((i) => i.complete && i.naturalWidth > 0)`,
    );
    const timing = await page.evaluate<{
      start: number;
      end: number;
      longest: number;
      longTasks: number;
      frameGap: number;
    }>(`(() => { window.__timing.done = true; return { ...window.__timing, end: performance.now() }; })()`);
    const result = {
      photos: 100,
      photoSize: '2400x1800 JPEG',
      listShownMs: Math.round(listShownMs),
      allPreviewsMs: Math.round(timing.end - timing.start),
      longestTaskMs: Math.round(timing.longest),
      longTasks: timing.longTasks,
      longestFrameGapMs: Math.round(timing.frameGap),
    };
    mkdirSync(SCREENSHOTS, { recursive: true });
    writeFileSync(path.join(SCREENSHOTS, 'preview-timing-100.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log('100 photos:', result);
    await recordScreenshot(page, 'poster-100-photos');
    await expect(page.getByTestId('upload-card').count()).resolves.toBe(12);
    await page.getByText('Page 1 of 9').waitFor();
  }, 240_000);
});
