// Journey: currency flags on a browser that draws no flag emoji (Chrome, Edge and Firefox on
// Windows show 🇮🇳 as the letters "IN"). The shop then declares a font of flags served from its own
// origin (frontend/src/lib/flag-font.ts); a browser that draws flags downloads nothing.
// Stand-in: this Chromium runs on Linux, so the 1x1 canvas the polyfill asks is made to answer as
// Windows' fonts do (an emoji in colour whatever the fill; a flag as letters in the fill colour) or
// as a phone's (both in colour). Every other canvas of the page is left alone.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, recordScreenshot, type Shop } from './support/browser';

type Platform = 'windows' | 'phone';

/** Runs in the page before its scripts: the polyfill's 1x1 probe answers as `platform` would. */
function fontsLike(platform: Platform) {
  const proto = CanvasRenderingContext2D.prototype;
  const fillText = proto.fillText;
  const getImageData = proto.getImageData;
  const drawn = new WeakMap<CanvasRenderingContext2D, { text: string; fill: string }>();
  proto.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number) {
    if (this.canvas.width === 1) drawn.set(this, { text, fill: String(this.fillStyle) });
    return fillText.call(this, text, x, y);
  };
  proto.getImageData = function (this: CanvasRenderingContext2D, ...args: [number, number, number, number]) {
    const last = drawn.get(this);
    if (this.canvas.width !== 1 || !last) return getImageData.apply(this, args);
    const probes = window as unknown as { flagProbes?: number };
    probes.flagProbes = (probes.flagProbes ?? 0) + 1;
    const isFlag = /[\u{1F1E6}-\u{1F1FF}]/u.test(last.text);
    const colour = !isFlag || platform === 'phone';
    const letters = last.fill === '#ffffff' ? [255, 255, 255, 255] : [0, 0, 0, 255];
    return new ImageData(new Uint8ClampedArray(colour ? [250, 180, 40, 255] : letters), 1, 1);
  };
}

async function openAs(shop: Shop, platform: Platform, width: number): Promise<Page> {
  const page = await shop.context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.addInitScript(fontsLike, platform);
  return page;
}

/** The @font-face the polyfill added, if any. */
const declaredFlagFont = (page: Page) =>
  page.evaluate(() =>
    [...document.head.querySelectorAll('style')]
      .map((style) => style.textContent ?? '')
      .find((css) => css.includes('@font-face') && css.includes('Twemoji Country Flags')),
  );

/** Whether 🇮🇳 drawn in `family` on a fresh canvas has colour (a flag), not grey letters. */
const flagDrawsInColour = (page: Page, family: string) =>
  page.evaluate(async (family) => {
    await document.fonts.load(`32px "${family}"`, '\u{1F1EE}\u{1F1F3}');
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 40;
    const context = canvas.getContext('2d')!;
    context.font = `32px "${family}"`;
    context.textBaseline = 'top';
    context.fillText('\u{1F1EE}\u{1F1F3}', 2, 2);
    const data = context.getImageData(0, 0, 40, 40).data;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 80) return true;
    }
    return false;
  }, family);

let shop: Shop;
beforeAll(async () => {
  shop = await openShop('e2e-flag-font');
});
afterAll(() => shop?.close());

describe('country flags', () => {
  it('given a browser without flag emoji, when a page opens, then flags come from the shop own font, which CSP lets load', async () => {
    const page = await openAs(shop, 'windows', 1280);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fontRequests.push(request.url());
    });

    await page.goto(shop.url('/'));
    await expect.poll(() => declaredFlagFont(page), { timeout: 10_000 }).toBeTruthy();
    const css = (await declaredFlagFont(page))!;
    const fontPath = /url\('([^']+)'\)/.exec(css)?.[1];
    expect(fontPath).toMatch(/^\/assets\/TwemojiCountryFlags-[\w-]+\.woff2$/);
    expect(css).toContain('U+1F1E6-1F1FF');

    const response = await page.request.get(shop.url(fontPath!));
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('font/woff2');
    expect(response.headers()['cache-control']).toContain('immutable');

    // The shop's text font names it first, and with it the flag is a picture in colour.
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family.startsWith('"Twemoji Country Flags"')).toBe(true);
    await expect(flagDrawsInColour(page, 'Twemoji Country Flags')).resolves.toBe(true);
    expect(fontRequests.every((url) => url.startsWith(shop.url('/assets/')))).toBe(true);

    await page.getByRole('button', { name: /Change currency/ }).click();
    await recordScreenshot(page.locator('.currency-picker__panel').first(), 'flag-font-windows-picker');
    expect(violations).toEqual([]);
    await page.close();
  });

  it('given a browser that draws flags itself, when a page opens, then no flag font is declared or downloaded', async () => {
    const page = await openAs(shop, 'phone', 390);
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fontRequests.push(request.url());
    });
    await page.goto(shop.url('/'));
    // The check (two colours for an emoji, two for a flag) has run.
    await expect.poll(() => page.evaluate('window.flagProbes'), { timeout: 10_000 }).toBe(4);
    expect(await declaredFlagFont(page)).toBeUndefined();
    expect(fontRequests).toEqual([]);
    await page.close();
  });
});
