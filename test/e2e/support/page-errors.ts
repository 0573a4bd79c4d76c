// Every journey fails on an uncaught error in any page it opened, whoever opened the browser
// (openShop, a file's own phone or no-script browser, a second context for another shopper): a page
// can look right while a handler threw behind it. A setup file of the journeys (vitest.config.ts),
// so no journey has to remember it.
import { afterEach } from 'vitest';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

const seen: string[] = [];

function watch(context: BrowserContext): BrowserContext {
  context.on('weberror', (error) => {
    const url = error.page()?.url() ?? '';
    // The journeys' own init scripts run on about:blank too, where storage is refused; the shop
    // never runs there.
    if (url === 'about:blank') return;
    seen.push(`${url}: ${error.error().stack ?? error.error().message}`);
  });
  return context;
}

function watchContextsOf(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => watch(await newContext(...args));
  return browser;
}

const launch = chromium.launch.bind(chromium);
chromium.launch = async (...args) => watchContextsOf(await launch(...args));

const launchPersistentContext = chromium.launchPersistentContext.bind(chromium);
chromium.launchPersistentContext = async (...args) => {
  const context = watch(await launchPersistentContext(...args));
  const browser = context.browser();
  if (browser) watchContextsOf(browser);
  return context;
};

/** The uncaught page errors seen since the last call (each journey's end takes them). */
export function takePageErrors(): string[] {
  return seen.splice(0);
}

afterEach(() => {
  const errors = takePageErrors();
  if (errors.length > 0) {
    throw new Error(`${errors.length} uncaught error(s) in the pages:\n${errors.join('\n')}`);
  }
});
