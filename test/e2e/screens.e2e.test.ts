// Every route at every width, in real Chromium: at 320, 360, 390, 414 (a touch phone), 820, 1180
// (a touch tablet) and 768, 1024, 1280, 1440, 1920 px (a desktop browser) no page scrolls sideways;
// the shop's header shows its logo, menu, currency, account and cart in view (44 px targets to a
// finger, and so are links standing on their own: back links, every footer link); the admin area
// (catalog, settings and promotions too) shows its own shell instead (its sections and a way back
// to the shop, no shop header), its name in the top bar, and figures, dates and order numbers each on
// one line. axe-core finds no serious or critical violation, and no heading out of order, on any page at
// 1280 and at 390 px. One browser; one context per device and visitor, each page loaded once per
// device and resized through its widths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { PRODUCTS } from '@printshop/shared-events/rules/catalog';
import { startTestApp, type TestApp } from '../support/app';
import { CHROMIUM, CHROMIUM_ARGS, FRONTEND_DIST, recordScreenshot, screenshotPath } from './support/browser';
import { restoreSession } from './support/session';
import { addPosterToCart } from './support/cart';
import { placeShopperOrder, waitForAdminReadSide } from './support/orders';
import {
  ADMIN_SHELL_ITEMS,
  axeViolations,
  frames,
  layoutProblems,
  settle,
  STORE_HEADER_ITEMS,
  TOUCH_WIDTHS,
  WIDE_WIDTHS,
} from './support/screens';

const ADMIN = { email: 'screens.admin@example.com', password: 'ScreensAdmin123' };
const FAMILIES = [...new Set(PRODUCTS.map((p) => p.family))];

const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/some-token',
  '/cart',
  '/checkout',
  '/checkout-auth',
  '/order-confirmation',
  '/track-order',
  '/reviews',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/shipping-info',
  '/returns-refunds',
  '/search?q=poster',
  '/prints',
  '/product-category/customisations',
  '/strips',
  '/strips/white-photo-strips',
  '/posters',
  '/collages',
  '/greeting-cards',
  // A product page of every family.
  ...FAMILIES.map((family) => PRODUCTS.find((p) => p.family === family)!.path),
];

let app: TestApp;
let browser: Browser;
let orderId = '';
const contexts: BrowserContext[] = [];
/** axe findings per page and device, written beside the screenshots for the record. */
const axeReport: Record<string, number> = {};

async function signIn(email: string, password: string) {
  const response = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { token: string; user: unknown };
  if (!response.ok) throw new Error(`login of ${email}: ${response.status}`);
  return body;
}

/** A context for a device; signed in when a session is given (restored from localStorage). */
async function openContext(phone: boolean, session?: { token: string; user: unknown }) {
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    ...(phone && { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
    locale: 'en-US',
    // axe-core goes in as an inline script, which the shop's CSP rightly refuses.
    bypassCSP: true,
  });
  // The first visit's currency notice is a toast of its own journey (currency.e2e).
  await context.addInitScript(() => localStorage.setItem('printshop_currency', 'USD'));
  if (session) await restoreSession(context, session);
  contexts.push(context);
  return context;
}

/**
 * Opens `route`: the first by loading the page, the rest as the app's own links do (a history
 * entry and its popstate), which keeps the journey short; then waits for the new page's heading.
 */
async function open(page: Page, route: string, load: boolean) {
  if (load) {
    await page.goto(`${app.url}${route}`);
  } else {
    const before = await page.evaluate(() => document.querySelector('main h1')?.textContent ?? '');
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, route);
    await page
      .waitForFunction((old) => (document.querySelector('main h1')?.textContent ?? '') !== old, before, {
        timeout: 4_000,
      })
      .catch(() => undefined);
  }
  await settle(page);
}

interface Findings {
  layout: string[];
  axe: string[];
}

/** Visits `routes` on a phone and on a desktop, checking every width of each. */
async function visitAll(
  routes: readonly string[],
  session: { token: string; user: unknown } | undefined,
  shell: 'store' | 'admin',
  /** Load every route by itself (each must bring its own styles), not only the first. */
  loadEach = false,
): Promise<Findings> {
  const findings: Findings = { layout: [], axe: [] };
  const items = shell === 'store' ? STORE_HEADER_ITEMS : ADMIN_SHELL_ITEMS;
  for (const phone of [true, false]) {
    const page = await (await openContext(phone, session)).newPage();
    const widths = phone ? TOUCH_WIDTHS : WIDE_WIDTHS;
    for (const [index, route] of routes.entries()) {
      await page.setViewportSize({ width: phone ? 390 : 1280, height: phone ? 844 : 900 });
      await open(page, route, loadEach || index === 0);
      const landed = new URL(page.url());
      if (`${landed.pathname}${landed.search}` !== route) {
        findings.layout.push(`${route}: went to ${landed.pathname}`);
      }
      const violations = await axeViolations(page);
      axeReport[`${route} @${phone ? 390 : 1280}`] = violations.length;
      for (const v of violations) {
        findings.axe.push(`${route} @${phone ? 390 : 1280}: ${v.impact} ${v.id} (${v.nodes.join(' | ')})`);
      }
      for (const width of widths) {
        await page.setViewportSize({ width, height: phone ? 800 : 900 });
        await frames(page);
        const problems = await layoutProblems(page, items, { phone, noStoreHeader: shell === 'admin' });
        for (const problem of problems) findings.layout.push(`${route} @${width}: ${problem}`);
        if (problems.length > 0) {
          const name = `screens${route.replace(/[^a-z0-9]+/gi, '-')}-${width}`;
          await recordScreenshot(page, name);
        }
      }
    }
    await page.close();
  }
  return findings;
}

let publicPass: Promise<Findings>;
let accountPass: Promise<Findings>;
let adminPass: Promise<Findings>;

beforeAll(async () => {
  app = await startTestApp({
    label: 'e2e-screens',
    frontendDir: FRONTEND_DIST,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const placed = await placeShopperOrder(app.url);
  orderId = placed.orderId;
  // And an order as the shop's real ones run: a thousand prints of the product with the longest
  // unbreakable SKU (LARGERETROPOLAROIDWHITE), so the admin's tables and cards show the figures in
  // the hundreds they must fit (one poster order's once hid a sales report wider than a phone).
  const large = await placeShopperOrder(app.url, { sku: 'LARGERETROPOLAROIDWHITE', quantity: 1000 });
  await waitForAdminReadSide(app.url, ADMIN, Math.max(placed.position, large.position), [
    '/api/admin/dashboard',
  ]);
  const shopper = await signIn(placed.email, placed.password);
  const admin = await signIn(ADMIN.email, ADMIN.password);

  // The passes run one after another; each test awaits its own.
  publicPass = visitAll(PUBLIC_ROUTES, undefined, 'store');
  accountPass = publicPass.then(async () => {
    // A line in the shopper's cart, so the cart page shows its checkout bar.
    const page = await (await openContext(true, shopper)).newPage();
    await page.goto(`${app.url}/`);
    await addPosterToCart(page, 1);
    await page.close();
    // Each loaded on its own: a page must bring the styles it uses (account pages once came without
    // the page frame's padding, and the password form without the fields' styles, unless another
    // page had loaded them).
    return visitAll(
      [
        '/account/orders',
        '/cart',
        `/account/orders/${orderId}`,
        '/account/addresses',
        '/account/addresses/new',
        '/account/change-password',
        '/checkout-form',
        '/checkout-legacy',
      ],
      shopper,
      'store',
      true,
    );
  });
  adminPass = accountPass.then(() =>
    visitAll(
      [
        '/admin',
        '/admin/orders',
        `/admin/orders/${orderId}`,
        '/admin/production',
        '/admin/users',
        '/admin/reviews',
        '/admin/reports/sales',
        '/admin/webhooks',
        '/admin/abandoned-checkouts',
        '/admin/catalog',
        '/admin/catalog/POSTERA4',
        '/admin/settings',
        '/admin/promotions',
      ],
      admin,
      'admin',
    ),
  );
  // A failing pass is reported by its tests, not as an unhandled rejection.
  for (const pass of [publicPass, accountPass, adminPass]) pass.catch(() => undefined);
}, 180_000);

afterAll(async () => {
  writeFileSync(screenshotPath('screens-axe').replace(/\.png$/, '.json'), JSON.stringify(axeReport, null, 1));
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});

describe('a product page with photos on touch screens', () => {
  it('given a photo and a file that is no image, then the list, the error banner and the crop dialog are tappable at every touch width', async () => {
    const page = await (await openContext(true)).newPage();
    await page.goto(`${app.url}/product/4x6-photo-prints`);
    await page.locator('input[type="file"]').setInputFiles([
      {
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#2b5876' } })
          .png()
          .toBuffer(),
      },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
    ]);
    await page.getByRole('alert').waitFor();
    await page.getByTestId('upload-card').waitFor();
    const problems: string[] = [];
    const check = async (what: string) => {
      for (const width of TOUCH_WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await frames(page);
        for (const problem of await layoutProblems(page, STORE_HEADER_ITEMS, { phone: true }))
          problems.push(`${what} @${width}: ${problem}`);
      }
    };
    await check('list and banner');
    await page.getByRole('button', { name: 'Crop photo.png' }).click();
    await page.locator('[data-crop-ready="true"]').waitFor();
    await check('crop dialog');
    await recordScreenshot(page, 'screens-product-with-photos-touch');
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('every screen, every width', () => {
  it('public pages: no sideways scroll, the header whole and tappable', { timeout: 400_000 }, async () => {
    expect((await publicPass).layout).toEqual([]);
  });
  it(
    'public pages: no serious or critical axe violation at 390 and 1280 px',
    { timeout: 400_000 },
    async () => {
      expect((await publicPass).axe).toEqual([]);
    },
  );
  it(
    'account pages and a full cart: no sideways scroll, the header whole',
    { timeout: 400_000 },
    async () => {
      expect((await accountPass).layout).toEqual([]);
    },
  );
  it(
    'account pages and a full cart: no serious or critical axe violation',
    { timeout: 400_000 },
    async () => {
      expect((await accountPass).axe).toEqual([]);
    },
  );
  it('admin pages: their own shell, no sideways scroll', { timeout: 400_000 }, async () => {
    expect((await adminPass).layout).toEqual([]);
  });
  it('admin pages: no serious or critical axe violation', { timeout: 400_000 }, async () => {
    expect((await adminPass).axe).toEqual([]);
  });
});
