// The prerendered pages of a build (frontend/build-plugins/prerender.ts) on the wire: each listed
// page gets its own HTML, naming the shop's address, compressed and revalidated on every visit; other
// routes get the shell.
// Raw node:http, since fetch would decode the body and hide the encoding.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_ORIGIN_TOKEN } from '@printshop/shared-events/shop-origin';
import { serveBuiltFrontend, type BuiltFrontend } from './test-support/built-frontend';

const T = SHOP_ORIGIN_TOKEN;
/** A page as the build writes it (its addresses against the placeholder) and as a browser gets it. */
const page = (head: string, body: string) => {
  const built = `<!doctype html><html><head>${head}</head><body><div id="root">${body}</div></body></html>`;
  const meta = '<meta name="shop-origin" content="https://shop.example">';
  return { built, sent: built.replaceAll(T, 'https://shop.example').replace('</head>', `${meta}</head>`) };
};
// Long enough to be compressed when sent marked (compress-responses.ts: from 1 KB).
const HOME = page(
  `<link rel="canonical" href="${T}/">`,
  `<h1>Transform Your Memories</h1>${'<p>Prints of your photos.</p>'.repeat(60)}`,
);
const PRODUCT = page(
  `<link rel="canonical" href="${T}/product/4x6-photo-prints"><meta property="og:image" content="${T}/images/4x6.webp">`,
  `<h1>4x6 Photo Prints</h1><script type="application/ld+json">{"url":"${T}/product/4x6-photo-prints"}</script>`,
);
const SHELL = page('', '');
const BUILD = {
  'index.html': HOME.built,
  'shell.html': SHELL.built,
  'product/4x6-photo-prints/index.html': PRODUCT.built,
  'prerendered.json': JSON.stringify(['/', '/product/4x6-photo-prints']),
};

let shop: BuiltFrontend;
/** What the owner hid, as the gateway asks for it on each page. */
let hidden: readonly string[] | Error | Promise<never> = [];

/** A browser's GET, the body decoded from brotli when it came so. */
async function get(pathname: string) {
  const res = await shop.get(pathname, 'gzip, deflate, br');
  const br = res.headers['content-encoding'] === 'br';
  return { ...res, text: (br ? brotliDecompressSync(res.body) : res.body).toString() };
}

beforeAll(async () => {
  // Given a build whose prerender step wrote the home page, a product page and the shell
  shop = await serveBuiltFrontend(BUILD, [], {
    publicUrl: 'https://shop.example',
    hiddenProducts: async () => {
      if (hidden instanceof Error) throw hidden;
      return hidden;
    },
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
      expect(res.text).toBe(PRODUCT.sent);
    }
  });

  it('given the prerendered home page, when `/` is loaded, then it is the home page with no-cache', async () => {
    const res = await get('/');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(HOME.sent);
  });

  it('given a route that is not prerendered (or a page with a query string), when it is loaded, then the empty shell answers with no-cache', async () => {
    for (const pathname of ['/cart', '/account/orders/42', '/product/4x6-photo-prints?size=a3', '/?utm=ad']) {
      const res = await get(pathname);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toBe(SHELL.sent);
    }
  });
});

describe("the shop's address in its pages", () => {
  it('given the shop at https://shop.example, when a link preview (which runs no script) reads a product page, then its canonical, share picture and structured-data addresses are absolute there', async () => {
    const res = await get('/product/4x6-photo-prints');
    expect(res.text).toContain('<link rel="canonical" href="https://shop.example/product/4x6-photo-prints">');
    expect(res.text).toContain('<meta property="og:image" content="https://shop.example/images/4x6.webp">');
    expect(res.text).toContain('{"url":"https://shop.example/product/4x6-photo-prints"}');
    // The app renders its addresses against this while it hydrates, so they match the HTML.
    expect(res.text).toContain('<meta name="shop-origin" content="https://shop.example"></head>');
    expect(res.text).not.toContain(T);
  });

  it("when the build's HTML files are asked for by name, then 404, never a file with the placeholder", async () => {
    for (const pathname of ['/product/4x6-photo-prints/index.html', '/shell.html', '/index.html']) {
      const res = await get(pathname);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(T);
    }
  });

  it('given a browser asking for a picture that is not there (Accept ending with */*), then 404, not the app page; a route with dots (a reset link) is still the app', async () => {
    const res = await shop.get('/images/products/nonexistent.png', 'identity');
    expect(res.status).toBe(404);
    expect(res.headers['content-type'] ?? '').not.toMatch(/html/);
    const reset = await get('/reset-password/user-1.request-2.Zm9vYmFy_mac-3');
    expect(reset.status).toBe(200);
    expect(reset.text).toBe(SHELL.sent);
  });

  it.each(['/images/a;b', '/images/-abc', `/images/${'x'.repeat(150)}`, '/assets/gone'])(
    'given %s, which is no image id and no file, when a browser asks for it, then 404, not the app page',
    async (requested) => {
      const res = await get(requested);
      expect(res.status).toBe(404);
      expect(res.headers['content-type'] ?? '').not.toMatch(/html/);
    },
  );

  it.each(['/images/..%2F..%2Fetc%2Fpasswd', '/images/products/..%2F..%2Fpackage.json', '/images/a%00b'])(
    'given a path that climbs out of its folder or holds a NUL (%s), when it is asked for, then 404 NOT_FOUND and no file is read',
    async (pathname) => {
      const res = await shop.get(pathname, 'identity');
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body.toString())).toMatchObject({ success: false, code: 'NOT_FOUND' });
    },
  );

  it('given a browser that takes gzip only, or no encoding, then it gets the same page so', async () => {
    const gzipped = await shop.get('/product/4x6-photo-prints', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(PRODUCT.sent);
    const plain = await shop.get('/product/4x6-photo-prints', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PRODUCT.sent);
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(PRODUCT.sent)));
  });

  it('given a gateway with no address configured, then the addresses stay path-relative and no address is named', async () => {
    const bare = await serveBuiltFrontend(BUILD);
    try {
      const res = await bare.get('/product/4x6-photo-prints', 'identity');
      expect(res.body.toString()).toBe(PRODUCT.built.replaceAll(T, ''));
    } finally {
      await bare.close();
    }
  });
});

describe('pages while the owner has products hidden', () => {
  afterAll(() => {
    hidden = [];
  });

  it('given the 4x6 print hidden, when the home page is loaded, then its card and links are hidden by a style and the markup is as built', async () => {
    hidden = ['4X6PHOTOPRINT'];
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain(
      '<style id="hidden-products">[data-sku="4X6PHOTOPRINT"],li:has(>[data-sku="4X6PHOTOPRINT"]){display:none!important}</style></head>',
    );
    expect(res.text.replace(/<style id="hidden-products">.*?<\/style>/, '')).toBe(HOME.sent);
    // The app hydrates this HTML as built: no meta tells it to render without the card at first.
    expect(res.text).not.toContain('<meta name="hidden-products"');
  });

  it('given the 4x6 print hidden, when its page (or its page with a query) is loaded, then it is a 404 with the shell, which names the hidden SKUs for the app', async () => {
    hidden = ['4X6PHOTOPRINT', 'POSTERA4'];
    for (const pathname of ['/product/4x6-photo-prints', '/product/4x6-photo-prints?size=a3']) {
      const res = await get(pathname);
      expect(res.status).toBe(404);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<meta name="hidden-products" content="4X6PHOTOPRINT POSTERA4">');
      expect(res.text).not.toContain('4x6 Photo Prints</h1>');
    }
  });

  it('given a product hidden, when another route boots from the shell, then it is a 200 whose meta names the hidden SKUs', async () => {
    hidden = ['POSTERA4'];
    const res = await get('/cart');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<meta name="hidden-products" content="POSTERA4">');
  });

  it('given nothing hidden again, then the product page is served as built', async () => {
    hidden = [];
    const res = await get('/product/4x6-photo-prints');
    expect(res.status).toBe(200);
    expect(res.text).toBe(PRODUCT.sent);
  });

  it('given the hidden products cannot be read (the database is down), then pages go with the list last read', async () => {
    hidden = ['4X6PHOTOPRINT'];
    await get('/');
    hidden = new Error('connect ECONNREFUSED');
    expect((await get('/product/4x6-photo-prints')).status).toBe(404);
    expect((await get('/')).text).toContain('[data-sku="4X6PHOTOPRINT"]');
  });

  it('given the database frozen (the lookup never answers), then a page still answers at once (not after the lookup), with the list last read', async () => {
    hidden = [];
    await get('/');
    hidden = new Promise<never>(() => undefined);
    const started = performance.now();
    const res = await get('/product/4x6-photo-prints');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(res.status).toBe(200);
    expect(res.text).toBe(PRODUCT.sent);
  });

  it('given a name that is not a SKU, then it never reaches the page', async () => {
    hidden = ['"]</style><script>alert(1)</script>'];
    const res = await get('/');
    expect(res.text).toBe(HOME.sent);
  });
});

describe('robots.txt and sitemap.xml', () => {
  afterAll(() => {
    hidden = [];
  });

  it('given the shop at https://shop.example, when a crawler asks for robots.txt, then it names the sitemap there', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('given the 4x6 print hidden, when the sitemap is read, then it lists home but not that page', async () => {
    hidden = [];
    expect((await get('/sitemap.xml')).text).toContain(
      '<loc>https://shop.example/product/4x6-photo-prints</loc>',
    );
    hidden = ['4X6PHOTOPRINT'];
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.text).toContain('<loc>https://shop.example/</loc>');
    expect(res.text).not.toContain('4x6-photo-prints');
  });
});
