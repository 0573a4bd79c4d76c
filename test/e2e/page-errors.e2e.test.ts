// page-errors.ts, the journeys' setup file, sees an uncaught error in a page whichever way its
// browser was opened; each test takes the errors itself, so the afterEach finds none left.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from './support/browser';
import { takePageErrors } from './support/page-errors';

// A page that throws once it has loaded: from a timer, and as a promise nobody awaits.
const PAGE = `<!doctype html><title>throws</title><script>
  setTimeout(() => { throw new Error('thrown by a timer'); });
  setTimeout(() => void Promise.reject(new Error('rejected, unhandled')));
</script>`;

let server: http.Server;
let url: string;
beforeAll(async () => {
  server = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Opens the page and waits until both errors have been reported. */
async function throwIn(page: Page): Promise<string[]> {
  await page.goto(url);
  const errors: string[] = [];
  await expect.poll(() => (errors.push(...takePageErrors()), errors.length), { timeout: 10_000 }).toBe(2);
  return errors;
}

// Sorted: the rejection's line comes first.
const expected = [
  expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/: Error: rejected, unhandled/),
  expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/: Error: thrown by a timer/),
];

describe('uncaught errors in the pages', () => {
  it('given a browser from chromium.launch, when a page of a new context throws, then both are seen', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    try {
      const page = await (await browser.newContext()).newPage();
      expect((await throwIn(page)).sort()).toEqual(expected);
    } finally {
      await browser.close();
    }
  });

  it('given a persistent context, when its page and a page of a second context throw, then all are seen', async () => {
    const profile = mkdtempSync(path.join(os.tmpdir(), 'printshop-chromium-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    try {
      expect((await throwIn(context.pages()[0] ?? (await context.newPage()))).sort()).toEqual(expected);
      const second = await context.browser()!.newContext();
      expect((await throwIn(await second.newPage())).sort()).toEqual(expected);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('given a page on about:blank whose init script is refused storage, then that error is not counted', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext();
      const raised: string[] = [];
      context.on('weberror', (error) => raised.push(`${error.page()?.url()}: ${error.error().message}`));
      await context.addInitScript(() => localStorage.setItem('printshop_currency', 'USD'));
      await context.newPage();
      await expect
        .poll(() => raised, { timeout: 10_000 })
        .toEqual([expect.stringMatching(/^about:blank: .*localStorage/)]);
      expect(takePageErrors()).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
