// The server's memory stays bounded under images built to exhaust it: 8 small PNGs of 9999x9999
// (100 megapixels each, a few hundred KB on the wire) uploaded at once, then every size the
// frontend asks for fetched at once. The shop runs as its own process (the real entry point), so
// what is measured is the server's resident memory, read from /proc.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBomb } from './hostile-files';
import { memoryOf, startShopProcess, type ShopProcess } from './shop-process';
import { CookieJar, filePart, upload } from './support';

const MiB = 1024 * 1024;
const IMAGES = 8;
/** What the frontend asks for: the full served copy, the upload list's and the admin's thumbnails. */
const frontendPaths = (id: string) => [`/images/${id}`, `/api/images/${id}?w=320`, `/api/images/${id}?w=256`];

let shop: ShopProcess;
beforeAll(async () => {
  // The quotas are not what is tested here: raised so that every upload is decoded.
  shop = await startShopProcess('images_memory', {
    UPLOAD_QUOTA_SESSION_FILES: '1000',
    UPLOAD_QUOTA_IP_FILES: '1000',
  });
});
afterAll(() => shop?.stop());

describe('memory under 100-megapixel images', () => {
  it('given 8 PNGs of 9999x9999, when they are uploaded at once and every size the frontend uses is fetched at once, then every answer is a success and the server grows by at most 300 MB', async () => {
    // Given a server at rest and the files (made before measuring).
    const bomb = await pngBomb(9999, 9999);
    await fetch(`${shop.url}/healthz`);
    const before = memoryOf(shop.pid).rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(shop.pid).rss);
    }, 25);

    try {
      // When 8 uploads go at once (one guest), then every size of every image at once.
      const jar = new CookieJar();
      await fetch(`${shop.url}/api/cart`).then((response) => jar.take(response));
      const uploads = await Promise.all(
        Array.from({ length: IMAGES }, () =>
          upload(shop.url, '/api/images/single', [filePart('image', bomb, 'huge.png', 'image/png')], { jar }),
        ),
      );
      const statuses = uploads.map(({ response }) => response.status);
      expect(statuses, JSON.stringify(uploads.map(({ body }) => body))).toEqual(Array(IMAGES).fill(201));
      const ids = uploads.map(({ body }) => (body.image as { id: string }).id);
      const gets = await Promise.all(
        ids.flatMap(frontendPaths).map(async (path) => {
          const response = await fetch(`${shop.url}${path}`, { headers: { cookie: jar.header() } });
          const bytes = (await response.arrayBuffer()).byteLength;
          return { path, status: response.status, bytes };
        }),
      );

      // Then every answer arrived and is an image; the server's memory grew by at most 300 MB.
      expect(gets.filter(({ status, bytes }) => status !== 200 || bytes === 0)).toEqual([]);
    } finally {
      clearInterval(sampler);
    }
    const { hwm } = memoryOf(shop.pid);
    peak = Math.max(peak, hwm);
    console.log(
      `RSS before ${Math.round(before / MiB)} MiB, peak ${Math.round(peak / MiB)} MiB ` +
        `(VmHWM ${Math.round(hwm / MiB)} MiB), growth ${Math.round((peak - before) / MiB)} MiB`,
    );
    expect(peak - before).toBeLessThanOrEqual(300 * 1000 * 1000);
  }, 600_000);
});
