// On a real touch phone (390 x 844, isMobile, hasTouch, 3x) in real Chromium against the
// real shop: every creation page keeps its add-to-cart bar at the foot of the screen while a finger
// scrolls it (a touch drag), with a 44 px button, and the page stays where the finger left it;
// tapping the bar on the 4x6 page (a real JPEG framed) adds to the cart; the upload area says "Tap"
// on the phone and "click"/"drag" on a desktop without touch; the cart's Proceed to Checkout stays
// on screen while its lines scroll; the crop dialog and the mobile menu take focus, keep it on Tab
// and give it back to their opener on Escape; a tap on Open Menu or the currency button before the
// app starts opens it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import {
  appTookOver,
  CHROMIUM,
  CHROMIUM_ARGS,
  FRONTEND_DIST,
  holdAppScripts,
  recordScreenshot,
} from './support/browser';
import { restoreSession } from './support/session';
import { addPosterToCart } from './support/cart';
import { labelled } from './support/checkout';
import { client } from './support/orders';

const PHONE = { width: 390, height: 844 };

let app: TestApp;
let browser: Browser;
let dir: string;
let photo: string;
const contexts: BrowserContext[] = [];

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

/** A fresh visitor on a touch phone, or on a desktop with a mouse only. */
async function openPage(phone: boolean): Promise<Page> {
  const context = await browser.newContext({
    viewport: phone ? PHONE : { width: 1280, height: 900 },
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : { hasTouch: false }),
    locale: 'en-US',
  });
  contexts.push(context);
  // The first visit's currency notice is a toast of its own journey (currency.e2e).
  await context.addInitScript(() => localStorage.setItem('printshop_currency', 'USD'));
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  // Leaving a page with photos asks first (beforeunload).
  page.on('dialog', (dialog) => void dialog.accept());
  return page;
}

/** A visitor whose cart holds six poster lines (quantities 1 to 6), on the cart page. */
async function openCartOfSixPosters(phone: boolean): Promise<Page> {
  const page = await openPage(phone);
  await page.goto(`${app.url}/`);
  for (let i = 1; i <= 6; i += 1) await addPosterToCart(page, i);
  await page.goto(`${app.url}/cart`);
  return page;
}

type Box = { top: number; bottom: number; left: number; right: number; height: number; innerHeight: number };

/** Where an element is on screen now (viewport coordinates). */
const boxOf = (locator: Locator): Promise<Box> =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, innerHeight };
  });

/**
 * Scrolls to about `fraction` of the scrollable height the way a finger does: touch drags (real
 * touch events, then the browser's own scrolling), which is what the page sees from a shopper.
 * Each drag moves at an even pace (a step every 16 ms of the events' own clock) and holds still
 * for 150 ms before the finger lifts, so the browser has no speed to fling with: events stamped at
 * send time on a loaded machine arrive bunched, read as a flick of thousands of px/s, and flung
 * the page to its end and back to its top (CI, 30 Nov). Returns scrollY once the page has been
 * still for 300 ms.
 */
async function swipeTo(page: Page, fraction: number): Promise<number> {
  // Aim once the page has its length: a page laid out short at that instant (a re-render after
  // the upload) would make the aim 0 and the swipe nothing.
  await page.waitForFunction(() => document.documentElement.scrollHeight > innerHeight * 2, undefined, {
    timeout: 5_000,
  });
  const { target, scrollHeight } = await page.evaluate(
    (f) => ({
      target: Math.round((document.documentElement.scrollHeight - innerHeight) * f),
      scrollHeight: document.documentElement.scrollHeight,
    }),
    fraction,
  );
  lastSwipe = { target, scrollHeight, strokes: [] };
  const cdp = await page.context().newCDPSession(page);
  // Each event is stamped with its planned time, and sent no earlier: a stamp ahead of the
  // browser's clock turns the drag into a pan of the visual viewport.
  let clock = 0;
  const touch = async (
    type: 'touchStart' | 'touchMove' | 'touchEnd',
    y: number | undefined,
    afterMs: number,
  ) => {
    clock = type === 'touchStart' ? Math.max(Date.now(), clock + afterMs) : clock + afterMs;
    const early = clock - Date.now();
    if (early > 0) await page.waitForTimeout(early);
    return cdp.send('Input.dispatchTouchEvent', {
      type,
      timestamp: clock / 1000,
      touchPoints: y === undefined ? [] : [{ x: PHONE.width / 2, y }],
    });
  };
  try {
    for (let stroke = 0; stroke < 20; stroke++) {
      const left = target - (await page.evaluate(() => scrollY));
      lastSwipe.strokes.push(target - left);
      if (Math.abs(left) < 40) break;
      // One drag of at most 450 px in the screen's middle (clear of the bar at its foot), in
      // steps of 30 px or less: up to scroll down, down to scroll up.
      const distance = Math.sign(left) * Math.min(Math.abs(left), 450);
      const start = distance > 0 ? 620 : 170;
      for (let i = 0; i <= 15; i++)
        await touch(i === 0 ? 'touchStart' : 'touchMove', start - (distance * i) / 15, 16);
      await touch('touchMove', start - distance, 150);
      await touch('touchEnd', undefined, 16);
    }
  } finally {
    await cdp.detach();
  }
  return settledScrollY(page);
}

/** scrollY once it has not changed for 300 ms (a page still moving after 6 s fails, saying so). */
async function settledScrollY(page: Page): Promise<number> {
  let last = await page.evaluate(() => scrollY);
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(300);
    const now = await page.evaluate(() => scrollY);
    if (now === last) return now;
    last = now;
  }
  throw new Error(`the page kept scrolling for 6 s after the finger let go (scrollY ${last})`);
}

/** The last swipe's aim and the scrollY before each of its strokes. */
let lastSwipe: { target: number; scrollHeight: number; strokes: number[] } = {
  target: 0,
  scrollHeight: 0,
  strokes: [],
};

/** Where the page is and what lies under the finger: said when a swipe did not move it. */
const whereIs = (page: Page) =>
  page.evaluate(
    ({ x, swipe }) =>
      JSON.stringify({
        swipe,
        url: location.href,
        scrollHeight: document.documentElement.scrollHeight,
        scrollWidth: document.documentElement.scrollWidth,
        visual: { pageTop: visualViewport?.pageTop, scale: visualViewport?.scale },
        dialog: document.querySelector('[role="dialog"]')?.getAttribute('aria-label') ?? null,
        underFinger: [620, 170].map((y) => document.elementFromPoint(x, y)?.outerHTML.slice(0, 120)),
      }),
    { x: PHONE.width / 2, swipe: lastSwipe },
  );

/** Whether focus is inside the open dialog. */
const focusInDialog = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-phone-'));
  photo = await makeJpeg('beach-3000x2000.jpg', 3000, 2000);
  app = await startTestApp({ label: 'e2e-phone', frontendDir: FRONTEND_DIST });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  // stop() throws when the shop logged an error: the folder goes all the same.
  try {
    await app?.stop();
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

describe('the add-to-cart bar on a touch phone', () => {
  const pages = [
    { name: 'print-4x6', path: '/product/4x6-photo-prints' },
    { name: 'strip', path: '/product/good-vibes-photo-strip' },
    { name: 'greeting-card', path: '/product/greeting-card' },
    { name: 'poster', path: '/product/poster-a4' },
  ];
  for (const product of pages) {
    it(`on the ${product.name} page, with a photo, the bar stays at the foot of the screen while scrolling and its button is 44 px or more`, async () => {
      const page = await openPage(true);
      await page.goto(`${app.url}${product.path}`);
      await page.locator('input[type="file"]').setInputFiles(photo);
      await page.getByTestId('upload-card').waitFor();
      const bar = page.getByTestId('mobile-cart-bar');
      for (const fraction of [0.3, 0.7]) {
        const top = await swipeTo(page, fraction);
        // The page is where the finger took it (the last drag stops within 40 px of the aim).
        expect(Math.abs(top - lastSwipe.target), await whereIs(page)).toBeLessThan(40);
        // The page stays where the finger left it (the poster page's auto-scroll to the preview
        // gives way to a shopper who scrolls).
        await page.waitForTimeout(1_000);
        expect(await page.evaluate(() => scrollY)).toBe(top);
        const box = await boxOf(bar);
        // Its foot is the screen's foot (within the safe-area padding's rounding).
        expect(Math.abs(box.innerHeight - box.bottom)).toBeLessThanOrEqual(2);
        expect(box.top).toBeGreaterThan(box.innerHeight / 2);
      }
      const button = await boxOf(bar.getByRole('button'));
      expect(button.height).toBeGreaterThanOrEqual(44);
      // The photo's own Crop and quantity buttons (strips have none) are a finger's target too.
      // So are the photo list's selection tools: a photo's checkbox, Select all, the bulk Qty field
      // and its buttons.
      for (const control of [
        page.locator('.upload-card__button').first(),
        page.locator('.quantity-input button').first(),
        page.locator('.upload-card__select').first(),
        page.locator('.uploads__select-page'),
        page.locator('.uploads__bulk input'),
        ...(await page.locator('.uploads__toolbar .button').all()),
      ]) {
        if ((await control.count()) === 0) continue;
        const box = await boxOf(control);
        const what = await control.evaluate((el) => `${el.className || el.tagName} ${el.textContent}`);
        expect(Math.min(box.height, box.right - box.left), what).toBeGreaterThanOrEqual(44);
      }
      await recordScreenshot(page, `phone-bar-${product.name}`);

      if (product.name === 'print-4x6') {
        // Framed through the crop tool, then the bar's button is tapped.
        await page.getByRole('button', { name: 'Crop beach-3000x2000.jpg' }).tap();
        const dialog = page.getByRole('dialog');
        await dialog.locator('[data-crop-ready="true"]').waitFor();
        await dialog.getByRole('button', { name: 'Apply Crop' }).tap();
        await dialog.waitFor({ state: 'detached' });
        await page.locator('[data-testid="upload-card"][data-cropped="true"]').waitFor();
        const add = bar.getByRole('button', { name: 'Add to Cart' });
        const added = page.waitForResponse(
          (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cart/item',
        );
        await add.tap();
        expect((await added).status()).toBe(201);
        await page
          .getByRole('status')
          .filter({ hasText: /added to cart/ })
          .waitFor();
        await recordScreenshot(page, 'phone-bar-print-4x6-added');
        const cart = (await page.evaluate(async () => {
          const response = await fetch('/api/cart?currency=USD&country=US', { credentials: 'include' });
          return response.json();
        })) as { items: Array<{ sku: string; quantity: number }> };
        expect(cart.items.map((i) => i.sku)).toEqual(['4X6PHOTOPRINT']);
      }
    }, 180_000);
  }

  it('on a collage page, Add to Cart stays at the foot of the screen while the editor scrolls, 44 px or more', async () => {
    const page = await openPage(true);
    await page.goto(`${app.url}/product/template1-collage`);
    const canvas = page.getByTestId('collage-canvas');
    await canvas.waitFor();
    // The prerendered page settled: hydrated and its pictures in, so nothing moves the page after
    // the scroll below (a busy machine hydrates late).
    await appTookOver(page);
    await page.waitForLoadState('networkidle');
    const add = page.getByRole('button', { name: 'Add to Cart', exact: true });
    // The editor's top half way down the screen: in the page's flow the actions row would be below
    // the screen's foot, so seeing it there means it is pinned (position: sticky).
    await canvas.evaluate((el) => {
      window.scrollBy({ top: el.getBoundingClientRect().top - innerHeight / 2, behavior: 'instant' });
    });
    await page.waitForTimeout(300);
    const inFlow = await page.evaluate(() => {
      const canvas = document.querySelector('[data-testid="collage-canvas"]')!.getBoundingClientRect();
      return { canvasBottom: canvas.bottom, innerHeight };
    });
    expect(inFlow.canvasBottom).toBeGreaterThan(inFlow.innerHeight);
    const actions = await boxOf(page.locator('.collage-editor__actions'));
    expect(Math.abs(actions.innerHeight - actions.bottom)).toBeLessThanOrEqual(2);
    const box = await boxOf(add);
    await recordScreenshot(page, 'phone-bar-collage');
    expect(box.bottom).toBeLessThanOrEqual(box.innerHeight);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }, 120_000);
});

describe('upload wording follows the pointer', () => {
  const wording = async (phone: boolean) => {
    const page = await openPage(phone);
    await page.goto(`${app.url}/product/4x6-photo-prints`);
    const area = page.getByTestId('upload-area');
    await area.waitFor();
    await recordScreenshot(area, `upload-wording-${phone ? 'phone' : 'desktop'}`);
    // innerText: only the words on screen (the other pointer's words are display: none).
    return area.evaluate((el) => (el as HTMLElement).innerText);
  };

  it('given a touch phone, then the upload area says "Tap" and never "click" or "drag"', async () => {
    const text = await wording(true);
    expect(text).toMatch(/\bTap\b/);
    expect(text).not.toMatch(/click|drag/i);
  }, 90_000);

  it('given a desktop without touch, then it says "click" and "drag", not "Tap"', async () => {
    const text = await wording(false);
    expect(text).toMatch(/click/i);
    expect(text).toMatch(/drag/i);
    expect(text).not.toMatch(/\btap\b/i);
  }, 90_000);
});

/** Px from the product's lowest visible block (the fixed bar aside) to its reviews' heading. */
const gapAboveReviews = (page: Page): Promise<number> =>
  page.evaluate(() => {
    let bottom = 0;
    for (const el of document.querySelectorAll('.product-page *')) {
      const style = getComputedStyle(el);
      if (style.position === 'fixed' || el.closest('.mobile-cart-bar') || style.display === 'none') continue;
      const box = el.getBoundingClientRect();
      if (box.height > 0) bottom = Math.max(bottom, box.bottom);
    }
    return document.querySelector('.product-reviews h2')!.getBoundingClientRect().top - bottom;
  });

describe('a product page on a phone', () => {
  it.each([
    ['print-4x6', '/product/4x6-photo-prints'],
    ['poster', '/product/poster-a4'],
  ])(
    'on the %s page, the reviews follow the product at a section gap (72 px at most), before and after a photo is chosen',
    async (name, pathname) => {
      const page = await openPage(true);
      await page.goto(`${app.url}${pathname}`);
      await page.locator('.product-reviews h2').waitFor();
      expect(await gapAboveReviews(page)).toBeLessThanOrEqual(72);
      await page.locator('input[type="file"]').setInputFiles(photo);
      await page.getByTestId('mobile-cart-bar').waitFor();
      const gap = await gapAboveReviews(page);
      expect(gap).toBeGreaterThanOrEqual(16);
      expect(gap).toBeLessThanOrEqual(72);
      await page.locator('.product-reviews').scrollIntoViewIfNeeded();
      await recordScreenshot(page, `phone-reviews-gap-${name}`);
    },
    120_000,
  );
});

describe("the collage page's sticky top bar", () => {
  it.each([
    ['a phone', true, undefined],
    ['a desktop', false, undefined],
    // Where the announcement scrolls away (header.css): right under what stays.
    ['a phone held sideways', true, { width: 667, height: 375 }],
  ])(
    'on %s, scrolled down, Back to Home sits right under the header, in view',
    async (_, phone, viewport) => {
      const page = await openPage(phone);
      if (viewport) await page.setViewportSize(viewport);
      await page.goto(`${app.url}/product/template-collage`);
      await page.getByRole('link', { name: /Back to Home/ }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 900));
      await settledScrollY(page);
      // The header compacts once scrolled: its new height reaches the bar a frame or two later.
      const offset = async () =>
        Math.abs(
          (await boxOf(page.locator('.collage-topbar'))).top -
            (await boxOf(page.locator('header.header'))).bottom,
        );
      await expect.poll(offset, { timeout: 5_000 }).toBeLessThanOrEqual(1);
      const header = await boxOf(page.locator('header.header'));
      expect(header.bottom).toBeGreaterThan(0);
      const bar = await boxOf(page.locator('.collage-topbar'));
      const back = await boxOf(page.getByRole('link', { name: /Back to Home/ }));
      expect(back.top).toBeGreaterThanOrEqual(header.bottom);
      // Two lines at most on a phone: the link, then both notes on one line.
      if (phone) expect(bar.height).toBeLessThanOrEqual(72);
      await recordScreenshot(
        page,
        `collage-topbar-scrolled-${viewport ? 'sideways' : phone ? 'phone' : 'desktop'}`,
      );
    },
    60_000,
  );
});

describe("a desktop page's sticky column", () => {
  it('given a header grown taller (a wrapped announcement), when the cart scrolls, then its summary stays under it', async () => {
    const page = await openCartOfSixPosters(false);
    const summary = page.locator('.cart-view__summary');
    await summary.waitFor();
    // 150 px and more: taller than any fixed offset could have guessed.
    await page.addStyleTag({ content: 'header.header { padding-bottom: 4rem !important; }' });
    await page.evaluate(() => window.scrollTo(0, 250));
    await settledScrollY(page);
    const header = () => boxOf(page.locator('header.header'));
    const gap = async () => (await boxOf(summary)).top - (await header()).bottom;
    await expect.poll(gap, { timeout: 5_000 }).toBeGreaterThanOrEqual(0);
    expect(await gap()).toBeLessThanOrEqual(16);
    expect((await header()).height).toBeGreaterThan(130);
    await recordScreenshot(page, 'desktop-cart-summary-under-tall-header');
  }, 180_000);
});

describe('checkout on a phone, in India', () => {
  it('given an Indian address, when the shopper goes on to pay, then the State is picked from a list and nothing scrolls sideways', async () => {
    const page = await openPage(true);
    await page.goto(`${app.url}/`);
    await addPosterToCart(page, 1);
    await page.goto(`${app.url}/checkout`);
    // A long address of the kind many shoppers have: it must wrap, not widen the page.
    await page.getByRole('textbox', { name: /^E-mail/ }).fill('asha.ramakrishnan.photos@example.co.in');
    await labelled(page, 'Country').selectOption('IN');
    await labelled(page, 'Full name').fill('Asha Rao');
    await labelled(page, 'Phone number').fill('98765 43210');
    await labelled(page, 'Address line 1').fill('42 MG Road');
    await labelled(page, 'City').fill('Bengaluru');
    await labelled(page, 'State').selectOption({ label: 'Karnataka' });
    await labelled(page, 'PIN Code').fill('560038');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: /^Pay / }).waitFor();
    await page.getByText('Bengaluru, Karnataka 560038').waitFor();
    const width = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    expect(width).toEqual({ page: PHONE.width, screen: PHONE.width });
    // Side by side, the expiry and the security code line up, though the longer label wraps.
    // Both read in one frame: the step's own history entry scrolls the page, and two reads apart
    // could straddle a scroll step.
    const [expiry, cvc] = await labelled(page, 'Expiry (MM/YY)').evaluate((field) => {
      const cvcField = Array.from(document.querySelectorAll('input')).find((input) =>
        input.labels?.[0]?.textContent?.startsWith('Security code (CVC)'),
      )!;
      return [field, cvcField].map((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, right: r.right, left: r.left };
      });
    });
    expect(cvc!.top).toBe(expiry!.top);
    expect(cvc!.left).toBeGreaterThan(expiry!.right);
    await recordScreenshot(page, 'phone-checkout-payment-india');
  }, 120_000);
});

describe('a shopper with a long name on a small phone', () => {
  it('given a one-word name of 28 letters and long street lines, then their account pages do not scroll sideways at 320 px', async () => {
    const shopper = client(app.url);
    const registered = await shopper.expectOk(
      'POST',
      '/api/auth/register',
      {
        email: `venkatanarasimha.${Date.now()}@example-photography-studio.co.in`,
        password: 'Shopper123',
        firstName: 'Venkatanarasimharajuvaripeta',
        lastName: 'Subramaniam-Ramakrishnan',
      },
      201,
    );
    shopper.signIn(registered.body.token as string);
    await shopper.expectOk(
      'POST',
      '/api/addresses',
      {
        fullName: 'Venkatanarasimharajuvaripeta Subramaniam-Ramakrishnan',
        phone: '+91 98765 43210',
        line1: 'Flat 1204, Tower B, Prestige Shantiniketan Apartments',
        city: 'Bengaluru',
        state: 'KA',
        postalCode: '560066',
        country: 'IN',
      },
      201,
    );
    const context = await browser.newContext({
      viewport: { width: 320, height: 640 },
      isMobile: true,
      hasTouch: true,
    });
    contexts.push(context);
    await context.addInitScript(() => localStorage.setItem('printshop_currency', 'INR'));
    await restoreSession(context, registered.body as { token: string; user: unknown });
    const page = await context.newPage();
    await page.goto(`${app.url}/account/addresses`);
    await page.getByText('Flat 1204, Tower B, Prestige Shantiniketan Apartments', { exact: true }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).toEqual([
      320, 320,
    ]);
    await recordScreenshot(page, 'phone-320-account-long-name');
  }, 60_000);
});

describe('the cart on a phone', () => {
  it('given six lines, when they scroll, then Proceed to Checkout stays on screen, 44 px or more', async () => {
    const page = await openCartOfSixPosters(true);
    const checkout = page.getByRole('link', { name: 'Proceed to Checkout' });
    await checkout.waitFor();
    const tops: number[] = [];
    for (const fraction of [0, 0.4, 0.8]) {
      tops.push(await swipeTo(page, fraction));
      const box = await boxOf(checkout);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(box.innerHeight);
      expect(box.height).toBeGreaterThanOrEqual(44);
      await recordScreenshot(page, `phone-cart-scrolled-${Math.round(fraction * 10)}`);
    }
    // The lines really did scroll under it.
    expect(tops[2]!).toBeGreaterThan(tops[0]! + 200);
    // Each line's Remove and quantity buttons are a finger's target too.
    for (const control of [
      page.locator('.cart-line__remove').first(),
      page.locator('.quantity-stepper__button').first(),
    ]) {
      const box = await boxOf(control);
      expect(Math.min(box.height, box.right - box.left)).toBeGreaterThanOrEqual(44);
    }
  }, 180_000);
});

describe('a phone held sideways', () => {
  const SIDEWAYS = { width: 844, height: 390 };

  /** The photo's stage and Apply Crop of the open crop dialog, on screen without scrolling. */
  async function expectAllInView(page: Page, stage: Locator): Promise<void> {
    const apply = await boxOf(page.getByRole('dialog').getByRole('button', { name: 'Apply Crop' }));
    expect(apply.bottom).toBeLessThanOrEqual(SIDEWAYS.height);
    const photoStage = await boxOf(stage);
    expect(photoStage.bottom).toBeLessThanOrEqual(SIDEWAYS.height);
    // Most of the screen's height is the photo's.
    expect(photoStage.height).toBeGreaterThanOrEqual(SIDEWAYS.height * 0.8);
  }

  it('given a photo to crop for prints, then the photo and Apply Crop are both on screen', async () => {
    const page = await openPage(true);
    await page.setViewportSize(SIDEWAYS);
    await page.goto(`${app.url}/product/4x6-photo-prints`);
    await page.locator('input[type="file"]').setInputFiles(photo);
    await page.getByRole('button', { name: 'Crop beach-3000x2000.jpg' }).click();
    const stage = page.getByTestId('crop-stage');
    await stage.and(page.locator('[data-crop-ready="true"]')).waitFor();
    await expectAllInView(page, stage);
    await recordScreenshot(page, 'phone-sideways-crop-prints');
  }, 120_000);

  it('given three photos to batch crop, then on every phone, upright or sideways, the dialog fits the screen with its buttons whole, 44 px, on one or two lines', async () => {
    const page = await openPage(true);
    await page.goto(`${app.url}/product/4x6-photo-prints`);
    const photos = await Promise.all([1, 2, 3].map((n) => makeJpeg(`trip-${n}.jpg`, 4000, 3000)));
    await page.locator('input[type="file"]').setInputFiles(photos);
    await page.getByRole('button', { name: 'Batch Crop (3)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('crop-stage').and(page.locator('[data-crop-ready="true"]')).waitFor();
    const problems: string[] = [];
    // Upright from the smallest phone up, then sideways (once the batch's buttons ran 60-110 px
    // below a 375 or 390 px screen, and on a 390 px phone upright they were 146 px pills of five lines).
    for (const [width, height] of [
      [320, 568],
      [360, 640],
      [390, 844],
      [414, 896],
      [667, 375],
      [844, 390],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      const found = await dialog.evaluate((el) => {
        const out: string[] = [];
        const box = el.getBoundingClientRect();
        const { paddingLeft, paddingBottom } = getComputedStyle(el);
        const [pad, padBottom] = [parseFloat(paddingLeft), parseFloat(paddingBottom)];
        if (box.top < 0 || box.bottom > innerHeight + 0.5) out.push(`dialog ${box.top}-${box.bottom}`);
        // Nothing below to scroll to: a swipe on the photo moves the crop, not the dialog.
        if (el.scrollHeight > el.clientHeight + 1)
          out.push(`scrolls ${el.scrollHeight} in ${el.clientHeight}`);
        const stage = el.querySelector('[data-testid="crop-stage"]')!.getBoundingClientRect();
        if (stage.height < innerHeight * 0.3) out.push(`photo ${Math.round(stage.height)} px high`);
        for (const button of el.querySelectorAll('button')) {
          const r = button.getBoundingClientRect();
          const name = button.getAttribute('aria-label') ?? button.textContent!.trim();
          const range = document.createRange();
          range.selectNodeContents(button);
          const lines = new Set(
            [...range.getClientRects()].filter((l) => l.width > 0).map((l) => Math.round(l.top)),
          );
          if (r.width < 43.5 || r.height < 43.5)
            out.push(`${name} ${Math.round(r.width)}x${Math.round(r.height)}`);
          if (lines.size > 2) out.push(`${name} on ${lines.size} lines`);
          if (
            r.left < box.left + pad - 1 ||
            r.right > box.right - pad + 1 ||
            r.bottom > box.bottom - padBottom + 1
          )
            out.push(`${name} at ${Math.round(r.left)}-${Math.round(r.right)}, ${Math.round(r.bottom)}`);
        }
        return out;
      });
      problems.push(...found.map((problem) => `${width}x${height}: ${problem}`));
      await recordScreenshot(page, `phone-batch-crop-${width}x${height}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('given a photo for a collage slot, then the photo and Apply Crop are both on screen', async () => {
    const page = await openPage(true);
    await page.setViewportSize(SIDEWAYS);
    await page.goto(`${app.url}/product/template-collage`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add a photo to slot 1' }).click();
    await (await chooser).setFiles(photo);
    const stage = page.getByRole('dialog', { name: 'Crop Your Photo' }).locator('.crop-dialog__stage');
    await stage.locator('img').waitFor();
    await expectAllInView(page, stage);
    await recordScreenshot(page, 'phone-sideways-crop-collage');
  }, 120_000);

  it('given a photo for prints on a small phone, when the page scrolls, then the announcement leaves, the bar stays and the cart bar is one row', async () => {
    const page = await openPage(true);
    await page.setViewportSize({ width: 667, height: 375 });
    await page.goto(`${app.url}/product/4x6-photo-prints`);
    await page.locator('input[type="file"]').setInputFiles(photo);
    const cartBar = page.getByTestId('mobile-cart-bar');
    await cartBar.waitFor();
    const header = page.locator('header.header');
    const announcement = page.getByRole('region', { name: 'Announcement' });
    expect((await boxOf(announcement)).top).toBeGreaterThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await settledScrollY(page);
    // Only the announcement went above the screen: the logo, menu and cart are in view at its top.
    const stuck = await boxOf(header);
    expect((await boxOf(announcement)).bottom).toBeLessThanOrEqual(1);
    expect(Math.abs(stuck.top + (await boxOf(announcement)).height)).toBeLessThanOrEqual(1);
    expect((await boxOf(page.getByRole('link', { name: 'PrintShop home' }))).top).toBeGreaterThanOrEqual(0);
    expect(stuck.bottom).toBeLessThanOrEqual(60);
    // The total, the progress and the button on one row.
    const bar = await boxOf(cartBar);
    const progress = await boxOf(page.getByRole('progressbar', { name: 'Photos cropped' }));
    expect(progress.top).toBeGreaterThan(bar.top);
    expect(progress.bottom).toBeLessThan(bar.bottom);
    expect(progress.right).toBeLessThan((await boxOf(cartBar.getByRole('button'))).left);
    expect(bar.height).toBeLessThanOrEqual(64);
    // Between them, most of the screen is the page's.
    expect(bar.top - stuck.bottom).toBeGreaterThanOrEqual(375 * 0.65);
    await recordScreenshot(page, 'phone-sideways-product-scrolled');
  }, 120_000);
});

describe('dialogs take and return focus on a phone', () => {
  it('the crop dialog takes focus, keeps it on Tab and Shift+Tab, moves the photo by arrow keys, and gives focus back to Crop on Escape', async () => {
    const page = await openPage(true);
    await page.goto(`${app.url}/product/4x6-photo-prints`);
    await page.locator('input[type="file"]').setInputFiles(photo);
    const opener = page.getByRole('button', { name: 'Crop beach-3000x2000.jpg' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.locator('[data-crop-ready="true"]').waitFor();
    expect(await focusInDialog(page)).toBe(true);
    for (let i = 0; i < 20; i += 1) {
      await page.keyboard.press(i < 14 ? 'Tab' : 'Shift+Tab');
      expect(await focusInDialog(page), `after Tab ${i + 1}`).toBe(true);
    }
    await recordScreenshot(page, 'phone-crop-dialog-focus');
    // The frame Tab reaches is named, and an arrow key moves the photo a step a keyboard can use.
    await dialog.getByRole('button', { name: 'Zoom in' }).tap();
    const frame = dialog.getByRole('group', { name: /^Crop frame: arrow keys move the photo/ });
    await frame.focus();
    const photoX = () =>
      dialog
        .locator('.reactEasyCrop_Image')
        .evaluate((img) => Number(/translate\(([-\d.]+)px/.exec((img as HTMLElement).style.transform)![1]));
    const before = await photoX();
    await page.keyboard.press('ArrowRight');
    await expect.poll(photoX).toBeCloseTo(before + 10, 0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  }, 120_000);

  it.each([
    {
      button: 'Open Menu',
      opens: 'the menu',
      shown: (page: Page) => page.getByRole('dialog', { name: 'Menu' }),
      close: 'Close Menu',
    },
    {
      button: /Change currency/,
      opens: 'the currency search',
      shown: (page: Page) => page.getByLabel('Search currencies'),
      close: undefined,
    },
  ])(
    'given the home page before its scripts arrive (a slow phone), when $button is tapped, then $opens opens once the app starts',
    async ({ button, shown, close }) => {
      const page = await openPage(true);
      const scripts = await holdAppScripts(page);
      await page.goto(`${app.url}/`, { waitUntil: 'commit' });
      const opener = page.getByRole('button', { name: button });
      await opener.waitFor();
      await expect.poll(scripts.count, { message: 'scripts held' }).toBeGreaterThan(0);
      // The same button twice, as an impatient shopper does: it still opens once.
      await opener.tap();
      await opener.tap();
      // Nothing can answer yet: the prerendered page has no app.
      const target = shown(page);
      expect(await target.count()).toBe(0);

      await scripts.release();
      await target.waitFor();
      await recordScreenshot(page, `phone-early-tap-${close ? 'menu' : 'currency'}`);
      // Played once: it stays open, and closed once closed.
      await page.waitForTimeout(300);
      expect(await target.isVisible()).toBe(true);
      if (close) await page.getByRole('button', { name: close }).tap();
      else await page.keyboard.press('Escape');
      await target.waitFor({ state: 'detached' });
      await page.waitForTimeout(300);
      expect(await target.count()).toBe(0);
    },
    120_000,
  );

  it('given the home page before its scripts arrive, when a bestsellers filter is tapped, then it applies once the app starts', async () => {
    const page = await openPage(true);
    const scripts = await holdAppScripts(page);
    await page.goto(`${app.url}/`, { waitUntil: 'commit' });
    const filters = page.getByRole('group', { name: 'Filter products' });
    await filters.getByRole('button', { name: 'Posters' }).tap();
    await expect.poll(scripts.count, { message: 'scripts held' }).toBeGreaterThan(0);
    expect(await filters.getByRole('button', { name: 'Posters', pressed: true }).count()).toBe(0);

    await scripts.release();
    await filters.getByRole('button', { name: 'Posters', pressed: true }).waitFor({ timeout: 15_000 });
    const shown = page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 3 });
    await expect.poll(() => shown.allTextContents()).toEqual(['A4 Poster', 'A3 Poster', '12x18 Poster']);
  }, 120_000);

  it.each([
    { path: '/product/poster-a4', tab: 'Shipping', shows: /Processing time/ },
    { path: '/product/template1-collage', tab: 'How It Works', shows: /Upload photos to each slot/ },
  ])(
    'given $path before its scripts arrive, when the $tab tab is tapped, then it opens once the app starts',
    async ({ path: pagePath, tab, shows }) => {
      const page = await openPage(true);
      const scripts = await holdAppScripts(page);
      await page.goto(`${app.url}${pagePath}`, { waitUntil: 'commit' });
      const button = page.getByRole('tab', { name: tab });
      await button.tap();
      await expect.poll(scripts.count, { message: 'scripts held' }).toBeGreaterThan(0);
      expect(await page.getByRole('tab', { name: tab, selected: true }).count()).toBe(0);

      await scripts.release();
      await page.getByRole('tab', { name: tab, selected: true }).waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByRole('tabpanel').innerText()).toMatch(shows);
      await recordScreenshot(page, `phone-early-tab-${pagePath.split('/').pop()}`);
    },
    120_000,
  );

  it('the mobile menu takes focus, keeps it on Tab, and gives it back to Open Menu on Escape', async () => {
    const page = await openPage(true);
    await page.goto(`${app.url}/`);
    // Hydrated: before, the prerendered button has no handler yet, and a busy machine hydrates late.
    await appTookOver(page);
    const opener = page.getByRole('button', { name: 'Open Menu' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await page.waitForFunction(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    const links = await menu.locator('a[href], button, input').count();
    for (let i = 0; i < links + 3; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page), `after Tab ${i + 1}`).toBe(true);
    }
    await recordScreenshot(page, 'phone-menu-focus');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  }, 120_000);
});
