// Real Chromium for the journeys: Debian's /usr/bin/chromium driven by playwright-core, headless,
// with a fresh profile directory each time, against a shop that serves the built frontend.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Locator, type Page, type Route } from 'playwright-core';
import { startTestApp, type TestApp } from '../../support/app';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const FRONTEND_DIST = path.join(root, 'frontend', 'dist');
export const SCREENSHOTS = path.join(root, 'test', 'e2e', 'screenshots');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where a screenshot named `name` goes (test/e2e/screenshots, git-ignored, kept by CI). */
export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return path.join(SCREENSHOTS, `${name}.png`);
}

const SHOT_TIMEOUT_MS = 20_000;

/**
 * Saves a screenshot of a page or a part of it for the record. The picture is for people reading a
 * run, not a check: once in CI Chromium gave no frame for 60 s on a page that still answered, and
 * the journey failed on a picture. So a shot is tried twice; if both give no frame while the page
 * still answers, the journey goes on and says so; if the page no longer answers, it fails.
 */
export async function recordScreenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const isPage = 'goto' in target;
  const page = isPage ? target : target.page();
  // A part that is not there is the journey's failure, not the picture's.
  if (!isPage) await target.waitFor();
  const take = () =>
    isPage
      ? target.screenshot({
          path: screenshotPath(name),
          timeout: SHOT_TIMEOUT_MS,
          fullPage: options.fullPage,
        })
      : target.screenshot({ path: screenshotPath(name), timeout: SHOT_TIMEOUT_MS });
  let failure: unknown;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return void (await take());
    } catch (error) {
      failure = error;
    }
  }
  const answered = await Promise.race([
    page.evaluate('document.readyState').then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 5_000)),
  ]).catch(() => false);
  if (!answered) throw failure;
  console.warn(`[screenshot] ${name} not taken (the page still answers): ${String(failure).split('\n')[0]}`);
}

export interface Shop {
  app: TestApp;
  context: BrowserContext;
  page: Page;
  /** Absolute address of a path on the shop. */
  url(pathname: string): string;
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts the shop on a fresh database and opens a fresh Chromium profile on it. */
export async function openShop(
  label: string,
  /** bypassCSP: for journeys that inject axe-core, an inline script the shop's CSP refuses. */
  options: { env?: Record<string, string>; bypassCSP?: boolean } = {},
): Promise<Shop> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
  if (!existsSync(path.join(FRONTEND_DIST, 'index.html'))) {
    throw new Error('frontend/dist is missing: run `npm run build -w frontend` first');
  }
  const app = await startTestApp({ label, frontendDir: FRONTEND_DIST, env: options.env });
  const profile = mkdtempSync(path.join(os.tmpdir(), 'printshop-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      bypassCSP: options.bypassCSP ?? false,
    });
  } catch (error) {
    await app.stop();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    app,
    context,
    page,
    url: (pathname) => `${app.url}${pathname}`,
    screenshot: (name) => recordScreenshot(page, name),
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
      await app.stop();
    },
  };
}

/** Resolves once the app has taken the page over (hydrated its HTML, or rendered the shell). */
export const appTookOver = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

/** Every image on the page that failed to load (src of each). */
export async function brokenImages(page: Page): Promise<string[]> {
  // A string runs in the page (this package is type-checked without the DOM library).
  return page.evaluate<string[]>(
    `Array.from(document.images).filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.currentSrc || i.src)`,
  );
}

const APP_SCRIPTS = '**/assets/*.js';

/**
 * The app's scripts held back, as on a slow phone: until `release()` the page is its prerendered
 * HTML with nothing to answer it. Call before the navigation (with `waitUntil: 'commit'`: the load
 * event waits for the held module scripts).
 */
export async function holdAppScripts(page: Page) {
  const held: Route[] = [];
  await page.route(APP_SCRIPTS, (route) => void held.push(route));
  return {
    /** Script requests waiting now. */
    count: () => held.length,
    /** The held requests go on, and later ones pass. */
    async release() {
      for (const route of held.splice(0)) await route.continue();
      await page.unroute(APP_SCRIPTS);
    },
  };
}
