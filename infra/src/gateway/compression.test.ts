// What a browser gets on the wire: built files in their precompressed encoding, dynamic text
// compressed, and nothing encoded for a client that did not ask.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuiltFrontend, type BuiltFrontend } from './test-support/built-frontend';

const script = `console.log(${JSON.stringify('a shop script '.repeat(200))});`;
const page = `<!doctype html><title>PrintShop</title>${'<p>shop</p>'.repeat(200)}`;
const bigJson = { lines: Array.from({ length: 100 }, (_, i) => ({ id: `line-${i}`, quantity: i })) };

let shop: BuiltFrontend;
const get = (pathname: string, acceptEncoding?: string) => shop.get(pathname, acceptEncoding);

beforeAll(async () => {
  // Given a build with precompressed copies beside each text file, as the frontend build writes them
  const router = new Router();
  router.get('/api/big', (ctx) => {
    ctx.body = bigJson;
  });
  router.get('/api/small', (ctx) => {
    ctx.body = { ok: true };
  });
  shop = await serveBuiltFrontend({ 'index.html': page, 'assets/app-abc.js': script }, [router]);
});

afterAll(async () => {
  await shop.close();
});

describe('compression on the wire', () => {
  it('given a browser accepting brotli, when it loads a built script, then it gets the .br copy', async () => {
    const res = await get('/assets/app-abc.js', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('given a browser accepting only gzip, when it loads a built script, then it gets the .gz copy', async () => {
    const res = await get('/assets/app-abc.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(script);
  });

  it('given a client asking for no encoding, when it loads a script, then it gets the plain file', async () => {
    const res = await get('/assets/app-abc.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(script);
  });

  it('given a client route, when the page is loaded, then the HTML fallback is precompressed too', async () => {
    for (const pathname of ['/', '/cart', '/orders/42']) {
      const res = await get(pathname, 'br');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.body).toString()).toBe(page);
    }
  });

  it('given a JSON answer over 1 KB, when the browser accepts brotli, then it is compressed', async () => {
    const res = await get('/api/big', 'gzip, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(res.body).toString())).toEqual(bigJson);
  });

  it('given a small JSON answer or a client without Accept-Encoding, then nothing is encoded', async () => {
    expect((await get('/api/small', 'br')).headers['content-encoding']).toBeUndefined();
    const plain = await get('/api/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(bigJson);
  });
});
