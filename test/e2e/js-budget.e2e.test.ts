// The home page's JavaScript as the build serves it: the scripts index.html loads and preloads, in
// the brotli copies the gateway sends. Issue 20's goal is at most 120 KB transferred for `/`
// (`npm run bench -- frontend` measures it in Chromium: 112.1 KB on 2026-11-28, when these files
// came to 105.8 KB; the rest is chunks loaded after start and HTTP headers). A value import from a
// zod schema module (shared-events api/) into the app's core once added 97 KB raw, 17.6 KB
// transferred (129.7 KB), noticed only when the bench ran; this check stops such a change in
// `npm test` (123.2 KB here with that import).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRONTEND_DIST } from './support/browser';

/** The files' budget: 120 KB less the ~7 KB the bench measured beyond them. */
const BUDGET_KB = 113;

/** Bytes a browser receives for a built file: its .br copy when the build wrote one. */
function servedBytes(file: string): number {
  const full = path.join(FRONTEND_DIST, file);
  try {
    return statSync(`${full}.br`).size;
  } catch {
    return statSync(full).size;
  }
}

describe('the JavaScript of the home page', () => {
  it(`given the production build, then the scripts / loads and preloads come to at most ${BUDGET_KB} KB as served`, () => {
    const html = readFileSync(path.join(FRONTEND_DIST, 'index.html'), 'utf8');
    const scripts = [
      ...html.matchAll(/<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/g),
      ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"/g),
    ].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = Object.fromEntries(scripts.map((file) => [file, servedBytes(file)]));
    const kb = Object.values(sizes).reduce((a, b) => a + b, 0) / 1024;
    console.log(`JavaScript of / as served: ${kb.toFixed(1)} KB`, sizes);
    expect(kb).toBeLessThanOrEqual(BUDGET_KB);
  });
});
