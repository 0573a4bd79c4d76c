// What a browser gets on the wire: built files in their precompressed encoding, dynamic text
// compressed, and nothing encoded for a client that did not ask.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuiltFrontend, type BuiltFrontend } from './test-support/built-frontend';

const script = `console.log(${JSON.stringify('a shop script '.repeat(200))});`;
const page = `<!doctype html><title>PrintShop</title>${'<p>shop</p>'.repeat(200)}`;
const bigJson = { lines: Array.from({ length: 100 }, (_, i) => ({ id: `line-${i}`, quantity: i })) };
/** How many times the counted answers were turned into JSON. */
let serialized = 0;
const counted = (value: unknown) => ({
  toJSON: () => {
    serialized++;
    return value;
  },
});

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
  router.get('/api/counted/:size', (ctx) => {
    ctx.body = { answer: counted(ctx.params.size === 'big' ? bigJson : { ok: true }) };
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

  it('given a JSON answer, big (compressed) or small, then it is turned into JSON once, as application/json', async () => {
    for (const [size, encoding, expected] of [
      ['big', 'br', bigJson],
      ['small', 'br', { ok: true }],
      ['big', undefined, bigJson],
    ] as const) {
      serialized = 0;
      const res = await get(`/api/counted/${size}`, encoding);
      expect(serialized, `${size} ${encoding ?? 'identity'}`).toBe(1);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const text = res.headers['content-encoding'] ? brotliDecompressSync(res.body) : res.body;
      expect(JSON.parse(text.toString())).toEqual({ answer: expected });
      if (!res.headers['content-encoding'])
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
    }
  });
});
