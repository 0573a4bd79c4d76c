// The prerendered pages' price guard (price-guard.ts): the inline script hides the prices of a
// visitor who saved a currency other than USD, the app shows them again once it has applied it, and
// the stylesheet hides them without moving anything.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENCY_KEY } from './currency-store';
import {
  CURRENCY_SHOWN_ATTRIBUTE,
  PRICE_ATTRIBUTE,
  PRICE_GUARD_SCRIPT,
  PRICES_PENDING_ATTRIBUTE,
  PRICES_PENDING_MAX_MS,
  useRevealPrices,
} from './price-guard';

const html = () => document.documentElement;
/** Runs the script as the page does: its exact text, in the page's global scope. */
const runScript = () => new Function(PRICE_GUARD_SCRIPT)() as void;
const marked = () => html().hasAttribute(PRICES_PENDING_ATTRIBUTE);

afterEach(() => {
  html().removeAttribute(PRICES_PENDING_ATTRIBUTE);
  vi.useRealTimers();
});

describe('the inline price guard', () => {
  it('given EUR saved, then the page is marked before the app runs', () => {
    localStorage.setItem(CURRENCY_KEY, 'EUR');
    runScript();
    expect(marked()).toBe(true);
  });

  it.each([
    ['USD saved', 'USD'],
    ['nothing saved', null],
    ['a code that is no display currency (the app shows USD)', 'XYZ'],
  ])('given %s, then nothing is hidden', (_, saved) => {
    if (saved !== null) localStorage.setItem(CURRENCY_KEY, saved);
    runScript();
    expect(marked()).toBe(false);
  });

  it('given storage that throws (private mode), then nothing is hidden and the page goes on', () => {
    localStorage.setItem(CURRENCY_KEY, 'EUR');
    const storage = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    try {
      expect(runScript).not.toThrow();
      expect(marked()).toBe(false);
    } finally {
      storage.mockRestore();
    }
  });

  it('given EUR saved and an app that never starts, then the prices show again after a few seconds', () => {
    vi.useFakeTimers();
    localStorage.setItem(CURRENCY_KEY, 'EUR');
    runScript();
    vi.advanceTimersByTime(PRICES_PENDING_MAX_MS - 1);
    expect(marked()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(marked()).toBe(false);
  });

  it('given the page marked, when the app has rendered after hydration, then the mark is gone', () => {
    html().setAttribute(PRICES_PENDING_ATTRIBUTE, '');
    render(createElement(() => (useRevealPrices(), null)));
    expect(marked()).toBe(false);
  });

  it('given the stylesheet, then it hides marked prices and the currency code with visibility (their room is kept)', () => {
    const css = readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../styles/global.css'),
      'utf8',
    );
    const marked = (attribute: string) => `html\\[${PRICES_PENDING_ATTRIBUTE}\\] \\[${attribute}\\]`;
    const rule = new RegExp(
      `${marked(PRICE_ATTRIBUTE)},\\s*${marked(CURRENCY_SHOWN_ATTRIBUTE)} \\{\\s*visibility: hidden;\\s*\\}`,
    );
    expect(css).toMatch(rule);
  });
});
