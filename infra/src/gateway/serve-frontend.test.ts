// The prerendered pages of a build (frontend/build-plugins/prerender.ts) on the wire: each listed
// page gets its own HTML, precompressed and revalidated on every visit; other routes get the shell.
// Raw node:http, since fetch would decode the body and hide the encoding.
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuiltFrontend, type BuiltFrontend } from './test-support/built-frontend';

const doc = (body: string) =>
  `<!doctype html><html><head></head><body><div id="root">${body}</div></body></html>`;
const HOME = doc('<h1>Transform Your Memories</h1>');
const PRODUCT = doc('<h1>4x6 Photo Prints</h1>');
const SHELL = doc('');

let shop: BuiltFrontend;

/** A browser's GET, the body decoded from brotli when it came so. */
async function get(pathname: string) {
  const res = await shop.get(pathname, 'gzip, deflate, br');
  const br = res.headers['content-encoding'] === 'br';
  return { ...res, text: (br ? brotliDecompressSync(res.body) : res.body).toString() };
}

beforeAll(async () => {
  // Given a build whose prerender step wrote the home page, a product page and the shell
  shop = await serveBuiltFrontend({
    'index.html': HOME,
    'shell.html': SHELL,
    'product/4x6-photo-prints/index.html': PRODUCT,
    'prerendered.json': JSON.stringify(['/', '/product/4x6-photo-prints']),
  });
});

afterAll(async () => {
  await shop.close();
});

describe('prerendered pages', () => {
  it('given a prerendered product page, when a browser loads it, then it gets that page as brotli, never cached stale', async () => {
    for (const pathname of ['/product/4x6-photo-prints', '/product/4x6-photo-prints/']) {
      const res = await get(pathname);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.text).toBe(PRODUCT);
    }
  });

  it('given the prerendered home page, when `/` is loaded, then it is the home page with no-cache', async () => {
    const res = await get('/');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(HOME);
  });

  it('given a route that is not prerendered (or a page with a query string), when it is loaded, then the empty shell answers with no-cache', async () => {
    for (const pathname of ['/cart', '/account/orders/42', '/product/4x6-photo-prints?size=a3', '/?utm=ad']) {
      const res = await get(pathname);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toBe(SHELL);
    }
  });
});
