// A prerendered page cannot know the day it is read: its delivery promises carry a dateless wording
// for readers of the HTML, held out of sight (data-pending) until the app shows the dated one, so a
// shopper never sees one promise turn into another (components/delivery-promise.tsx); the viewer
// count, which the server counts once the page runs, waits the same way.
import { describe, expect, it } from 'vitest';
import { renderPage } from './render-page';

const PAGES = [
  '/product/4x6-photo-prints',
  '/product/customized-poster-a4-print-custom-posters-online',
  '/product/template-collage',
  '/product/greeting-card',
];

describe('delivery promises on the prerendered pages', () => {
  it.each(PAGES)('given %s as prerendered, then each promise is dateless and pending', async (path) => {
    const { html } = await renderPage(path);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const promises = [...doc.body.querySelectorAll('*')].filter(
      (el) => el.children.length === 0 && /Delivered in \d+-\d+ business days/.test(el.textContent ?? ''),
    );
    expect(promises.length, 'delivery promises').toBeGreaterThan(0);
    for (const promise of promises) expect(promise.closest('[data-pending]')).not.toBeNull();
    expect(doc.body.textContent).not.toMatch(/Arrives \d/);
  });
});

// The collage page shows no viewer count; the others do.
describe('the viewer count on the prerendered pages', () => {
  it.each(PAGES.filter((path) => !path.includes('collage')))(
    'given %s as prerendered, then its viewer count, counted once the page runs, is pending',
    async (path) => {
      const { html } = await renderPage(path);
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const viewers = doc.querySelector('[data-testid="viewer-count"]');
      expect(viewers, 'viewer count').not.toBeNull();
      expect(viewers!.closest('[data-pending]')).not.toBeNull();
    },
  );
});
