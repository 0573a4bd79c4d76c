// Journey: "N people viewing" is the shoppers who have the page open, in real Chromium against the
// real shop. A shopper alone on a poster page is told nothing; a second shopper (another browser
// profile) arriving is told 2; the first shopper's second tab adds no one; the first shopper,
// coming back to their tab, is told 2 as well. On a standard print page the carousel says the same.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { CHROMIUM, CHROMIUM_ARGS, FRONTEND_DIST, recordScreenshot } from './support/browser';

let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  app = await startTestApp({ label: 'e2e-viewers', frontendDir: FRONTEND_DIST });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});

/** A shopper of their own: a fresh profile (own cookies, own guest session). */
async function shopper(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.addInitScript(() => localStorage.setItem('printshop_currency', 'USD'));
  contexts.push(context);
  return context;
}

/** Opens `path` and waits for the page's first heartbeat to be answered. */
async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  const heartbeat = page.waitForResponse((r) =>
    /\/api\/products\/[^/]+\/viewers$/.test(new URL(r.url()).pathname),
  );
  await page.goto(`${app.url}${path}`);
  expect((await heartbeat).status()).toBe(200);
  return page;
}

/** The figure a shopper can see, or undefined while it is kept out of sight. */
const visibleFigure = async (page: Page): Promise<string | undefined> => {
  const count = page.getByTestId('viewer-count');
  if ((await count.getAttribute('data-pending')) !== null) return undefined;
  return (await count.textContent())?.trim();
};

describe('people viewing', () => {
  it('given a shopper alone on a poster page, then no figure; a second shopper sees 2; a second tab adds no one; back in the first tab, it says 2', async () => {
    const first = await shopper();
    const firstTab = await open(first, '/product/poster-a4');
    expect(await visibleFigure(firstTab)).toBeUndefined();
    expect(await firstTab.getByTestId('viewer-count').isVisible()).toBe(false);

    const second = await shopper();
    const secondTab = await open(second, '/product/poster-a4');
    await expect.poll(() => visibleFigure(secondTab)).toBe('2 people viewing this right now');
    await recordScreenshot(secondTab, 'viewers-poster-two-shoppers');

    const firstAgain = await open(first, '/product/poster-a4');
    await expect.poll(() => visibleFigure(firstAgain)).toBe('2 people viewing this right now');

    // The first tab, shown again (a visibility change, as when the shopper switches back), asks at
    // once rather than at its next beat.
    await firstTab.bringToFront();
    const asked = firstTab.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/products/POSTERA4/viewers',
    );
    await firstTab.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    expect((await asked).status()).toBe(200);
    await expect.poll(() => visibleFigure(firstTab)).toBe('2 people viewing this right now');
  }, 120_000);

  it('given two shoppers on a print page, then its carousel says 2 people viewing', async () => {
    const [one, two] = [await shopper(), await shopper()];
    await open(one, '/product/4x6-photo-prints');
    const page = await open(two, '/product/4x6-photo-prints');
    await expect.poll(() => visibleFigure(page)).toBe('2 people viewing');
  }, 120_000);
});
