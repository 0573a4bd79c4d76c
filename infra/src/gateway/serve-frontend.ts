// Serves the built React app (frontend/dist). The public pages were prerendered at build
// (frontend/build-plugins/prerender.ts): each listed in prerendered.json is answered with its own
// <path>/index.html (`/` with index.html) when asked without a query string. Any other GET of a
// page that is not an API call gets the empty shell (shell.html; index.html in a build without
// prerendering), so client-side routes (/cart, /orders/42) load the app on refresh; a missing file
// (a picture, a script) is a 404, as is a path climbing out of its folder. HTML is revalidated on
// every visit (no-cache); it names the shop's address and is compressed once per page
// (sent-pages.ts), so the build's HTML files are never sent as they are. While the owner has products hidden, pages are marked as they go
// (hidden-products-markup.ts) and compressed on the fly instead, and a hidden product's own page is
// a 404 (the shell, which says it is no longer available). robots.txt and sitemap.xml are made here
// too (crawler-files.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import serve from 'koa-static';
import { NotFound } from '@printshop/shared-events/errors';
import type { Logger } from '@printshop/shared-events/logger';
import { productByPath } from '@printshop/shared-events/rules/catalog';
import { robotsTxt, sitemapPaths, sitemapXml } from './crawler-files';
import { markHiddenProducts } from './hidden-products-markup';
import { sentPages, type SentPage } from './sent-pages';

export interface FrontendOptions {
  /** The SKUs the owner hid now (none when absent). */
  hiddenProducts?: () => Promise<readonly string[]>;
  /** The shop's address (PUBLIC_URL): named by the pages; robots.txt and sitemap.xml are served when it is given. */
  publicUrl?: string;
  logger?: Logger;
}

/** Written by the prerender step (names shared with frontend/build-plugins/prerender.ts). */
const PAGES_FILE = 'prerendered.json';
const SHELL_FILE = 'shell.html';

/** How long a page waits for the hidden products (one indexed row) before going with the last list. */
const HIDDEN_WAIT_MS = 250;

/** The names of a build's files (pictures, scripts, styles, fonts, data, pages). */
const ASSET_FILE =
  /\.(?:png|jpe?g|webp|avif|gif|svg|ico|js|mjs|css|map|json|txt|xml|webmanifest|woff2?|ttf|html)$/i;

/** The build's folders of files (and photos, /images/:id): nothing under them is a page. */
const FILE_FOLDERS = ['/images/', '/assets/'];
const inFileFolder = (requestPath: string) => FILE_FOLDERS.some((folder) => requestPath.startsWith(folder));

const isApi = (requestPath: string) => requestPath === '/api' || requestPath.startsWith('/api/');

/**
 * A path that climbs a folder (`..`, encoded too), holds a NUL or does not decode names no file of
 * a build: API.md's 404, where the file server would answer 403 or 400 (never reading a file).
 */
function namesNoFile(requestPath: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return true;
  }
  return decoded.includes('\0') || decoded.split(/[\\/]/).includes('..');
}

/** The prerendered paths of a build ('/', '/prints', '/product/…'); none when it has no list. */
function prerenderedPages(root: string): Set<string> {
  const file = path.join(root, PAGES_FILE);
  if (!existsSync(file)) return new Set();
  const paths: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return new Set(Array.isArray(paths) ? paths.filter((p): p is string => typeof p === 'string') : []);
}

/** The page in the smallest encoding the browser accepts (brotli, then gzip), as koa-compress picks. */
function sendEncoded(ctx: Context, page: SentPage): void {
  ctx.vary('Accept-Encoding');
  const encoding = (['br', 'gzip'] as const).find((name) => ctx.acceptsEncodings(name) === name);
  if (encoding) {
    ctx.set('Content-Encoding', encoding);
    ctx.body = page[encoding];
  } else ctx.body = page.text;
}

export function serveFrontend(dir: string, options: FrontendOptions = {}): Middleware {
  const root = path.resolve(dir);
  const pages = prerenderedPages(root);
  const shell = existsSync(path.join(root, SHELL_FILE)) ? SHELL_FILE : 'index.html';
  const pageOf = sentPages(root, options.publicUrl);

  /** The last list read: what a page goes with while the database is slow, down or frozen. */
  let lastHidden: readonly string[] = [];

  /** Hidden SKUs now, or as last read when that takes over HIDDEN_WAIT_MS or fails. */
  async function hiddenNow(): Promise<readonly string[]> {
    if (!options.hiddenProducts) return [];
    let timer: NodeJS.Timeout | undefined;
    try {
      const read = options.hiddenProducts().then((hidden) => (lastHidden = hidden));
      const late = new Promise<readonly string[]>((resolve) => {
        timer = setTimeout(() => resolve(lastHidden), HIDDEN_WAIT_MS);
      });
      return await Promise.race([read, late]);
    } catch (error) {
      options.logger?.warn({ err: error }, 'hidden products unknown; pages go with the last list read');
      return lastHidden;
    } finally {
      clearTimeout(timer);
    }
  }

  /** A page (or the shell, for `pagePath`), marked when products are hidden. */
  async function answerPage(ctx: Context, file: string, pagePath: string): Promise<void> {
    const hidden = await hiddenNow();
    const product = pagePath === '/' ? undefined : productByPath(pagePath);
    const gone = product !== undefined && hidden.includes(product.sku);
    const sent = gone ? shell : file;
    const page = await pageOf(sent);
    ctx.status = gone ? 404 : 200;
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    if (hidden.length === 0) sendEncoded(ctx, page);
    else ctx.body = markHiddenProducts(page.text, hidden, sent === shell);
  }

  const files = serve(root, {
    // A prerendered page's folder is not served by itself: pages go by the list above.
    index: false,
    setHeaders: (res, file) => {
      // Vite puts content-hashed files under assets/: they never change, so they may be cached for good.
      if (file.startsWith(path.join(root, 'assets') + path.sep)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  }) as Middleware;

  /** robots.txt and sitemap.xml (crawler-files.ts); false for any other request. */
  async function answerCrawler(ctx: Context): Promise<boolean> {
    const { publicUrl } = options;
    if (!publicUrl || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return false;
    if (ctx.path === '/robots.txt') {
      ctx.type = 'text/plain';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = robotsTxt(publicUrl);
      return true;
    }
    if (ctx.path === '/sitemap.xml') {
      ctx.type = 'application/xml';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = sitemapXml(publicUrl, sitemapPaths(pages, await hiddenNow()));
      return true;
    }
    return false;
  }

  return async (ctx, next) => {
    if (isApi(ctx.path)) return next();
    if (namesNoFile(ctx.path)) throw new NotFound(`Not found: ${ctx.method} ${ctx.path}`);
    if (await answerCrawler(ctx)) return;
    // A missing file (a picture, a script) is a 404, even for a browser whose Accept ends with */*
    // (an <img> asking for /images/products/x.png). Judged by the file types of a build: an app
    // route may hold dots (a password-reset link's token).
    const isFile = ASSET_FILE.test(ctx.path) || inFileFolder(ctx.path);
    const wantsPage =
      (ctx.method === 'GET' || ctx.method === 'HEAD') && !isFile && ctx.accepts('html') === 'html';
    // '/prints/' is the page '/prints'.
    const pagePath = ctx.path.length > 1 ? ctx.path.replace(/\/+$/, '') : ctx.path;
    // A query string may change what a page renders (a collage's ?size=): its HTML would not match
    // the page the browser renders, so such a visit boots from the shell.
    if (wantsPage && !ctx.querystring && pages.has(pagePath)) {
      return answerPage(ctx, pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}/index.html`, pagePath);
    }
    // The build's HTML files hold the address placeholder: they go out only as pages, never by name.
    const serveFiles = ctx.path.endsWith('.html') ? (_: Context, then: () => Promise<void>) => then() : files;
    await serveFiles(ctx, async () => {
      await next();
      if (ctx.status === 404 && ctx.body == null && wantsPage && existsSync(path.join(root, shell))) {
        await answerPage(ctx, shell, pagePath);
      }
    });
  };
}
