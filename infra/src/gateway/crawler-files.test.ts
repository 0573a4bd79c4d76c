// robots.txt and sitemap.xml from the build's prerendered pages, the catalog and the shop's address.
import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapPaths, sitemapXml } from './crawler-files';

const PAGES = [
  '/',
  '/prints',
  '/product/4x6-photo-prints',
  '/product/large-polaroids',
  '/product/retro-polaroid-prints', // an alias of the large polaroids
  '/strips/white-photo-strips',
  '/shipping-info',
];

describe('crawler files', () => {
  it('given the shop at its public address, then robots.txt keeps crawlers off private routes and names the sitemap', () => {
    const robots = robotsTxt('https://shop.example');
    expect(robots).toMatch(/^User-agent: \*\n/);
    for (const route of ['/account', '/admin', '/api/', '/cart', '/checkout', '/order-confirmation']) {
      expect(robots).toContain(`Disallow: ${route}\n`);
    }
    expect(robots).not.toMatch(/Disallow: \/\n/);
    expect(robots).toContain('Sitemap: https://shop.example/sitemap.xml\n');
  });

  it('given the prerendered pages, then the sitemap has each canonical page once, without aliases', () => {
    expect(sitemapPaths(PAGES, [])).toEqual([
      '/',
      '/prints',
      '/product/4x6-photo-prints',
      '/product/large-polaroids',
      '/strips/white-photo-strips',
      '/shipping-info',
    ]);
  });

  it('given the 4x6 print hidden, then its page leaves the sitemap', () => {
    expect(sitemapPaths(PAGES, ['4X6PHOTOPRINT'])).not.toContain('/product/4x6-photo-prints');
    expect(sitemapPaths(PAGES, ['4X6PHOTOPRINT'])).toContain('/prints');
  });

  it('given pages, then the sitemap is the sitemaps.org XML with absolute, escaped addresses', () => {
    const xml = sitemapXml('https://shop.example', ['/', '/prints', "/a&b'"]);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).toContain('<url><loc>https://shop.example/</loc></url>');
    expect(xml).toContain('<url><loc>https://shop.example/prints</loc></url>');
    expect(xml).toContain('<url><loc>https://shop.example/a&amp;b&#39;</loc></url>');
  });
});
