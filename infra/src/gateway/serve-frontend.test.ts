// The prerendered pages of a build (frontend/build-plugins/prerender.ts) on the wire: each listed
// page gets its own HTML, precompressed and revalidated on every visit; other routes get the shell.
// Raw node:http, since fetch would decode the body and hide the encoding.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@printshop/shared-events/logger';
import { createGateway } from './create-gateway';
import { createMetrics } from './metrics';

const doc = (body: string) =>
  `<!doctype html><html><head></head><body><div id="root">${body}</div></body></html>`;
const HOME = doc('<h1>Transform Your Memories</h1>');
const PRODUCT = doc('<h1>4x6 Photo Prints</h1>');
const SHELL = doc('');

let dir: string;
let server: http.Server;
let base: string;

function get(pathname: string, acceptEncoding = 'gzip, deflate, br') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>(
    (resolve, reject) => {
      http
        .get(
          base + pathname,
          { headers: { accept: 'text/html', 'accept-encoding': acceptEncoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const body = Buffer.concat(chunks);
              const br = res.headers['content-encoding'] === 'br';
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                text: (br ? brotliDecompressSync(body) : body).toString(),
              });
            });
          },
        )
        .on('error', reject);
    },
  );
}

beforeAll(async () => {
  // Given a build whose prerender step wrote the home page, a product page and the shell
  dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-prerendered-'));
  mkdirSync(path.join(dir, 'product', '4x6-photo-prints'), { recursive: true });
  for (const [file, text] of [
    ['index.html', HOME],
    ['shell.html', SHELL],
    ['product/4x6-photo-prints/index.html', PRODUCT],
  ] as const) {
    writeFileSync(path.join(dir, file), text);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(text));
  }
  writeFileSync(path.join(dir, 'prerendered.json'), JSON.stringify(['/', '/product/4x6-photo-prints']));
  const app = createGateway({
    logger: silentLogger,
    routers: [],
    metrics: createMetrics(),
    readiness: { checks: {} },
    frontendDir: dir,
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
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
