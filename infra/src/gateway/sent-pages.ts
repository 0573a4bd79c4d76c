// A page of the build as the gateway sends it. The build wrote its absolute addresses against a
// placeholder (shared-events shop-origin.ts): the shop's address goes in its place and is named in
// a meta tag for the app, or, with no address configured, the addresses stay path-relative. Each
// page is then compressed once, as the build compresses its assets (brotli and gzip at their best),
// and kept: the same few dozen pages go to every visitor.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compressBest } from '@printshop/shared-events/compress-best';
import { SHOP_ORIGIN_META, SHOP_ORIGIN_TOKEN } from '@printshop/shared-events/shop-origin';

export interface SentPage {
  text: string;
  br: Buffer;
  gzip: Buffer;
}

/** The address pages name: PUBLIC_URL without query, fragment or trailing slash (nothing to escape). */
const addressOf = (publicUrl: string) => {
  const url = new URL(publicUrl);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
};

/** `html` naming the shop at `publicUrl` (relative addresses without one). */
export function withShopOrigin(html: string, publicUrl: string | undefined): string {
  const address = publicUrl === undefined ? '' : addressOf(publicUrl);
  const filled = html.replaceAll(SHOP_ORIGIN_TOKEN, address);
  if (publicUrl === undefined) return filled;
  // A document without a head (none the build writes) is left as it is: the app's addresses are then
  // absolute against the page's own origin once it has hydrated.
  const end = filled.indexOf('</head>');
  if (end === -1) return filled;
  return `${filled.slice(0, end)}<meta name="${SHOP_ORIGIN_META}" content="${address}">${filled.slice(end)}`;
}

/** The pages of the build at `root`, each read, filled in and compressed on its first visit. */
export function sentPages(root: string, publicUrl: string | undefined): (file: string) => Promise<SentPage> {
  const pages = new Map<string, Promise<SentPage>>();
  async function prepare(file: string): Promise<SentPage> {
    const text = withShopOrigin(await readFile(path.join(root, file), 'utf8'), publicUrl);
    return { text, ...(await compressBest(Buffer.from(text))) };
  }
  return (file) => {
    let page = pages.get(file);
    if (!page) {
      page = prepare(file);
      pages.set(file, page);
      // A page that could not be read is tried again on the next visit.
      page.catch(() => pages.delete(file));
    }
    return page;
  };
}
