// The poster page around the workflow (spec 2 §2, §4): gallery, feature cards, bulk table, tabs,
// view tracking, the phone layout and the Unsaved Changes guard.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { formatMoney } from '@printshop/shared-events/rules/money';
import { shippingTermsIn } from '@printshop/shared-events/rules/shipping-terms';
import { CURRENCY_KEY } from '@/lib/currency/currency-store';
import { json, type TestServer } from '@/test/http-server';
import { installNodeFileApis, photo, testImageTools } from '@/features/product-creation/testing/browser-apis';
import {
  applyCrop,
  cards,
  chooseFiles,
  cropDialog,
  renderPage,
  requestsTo,
  startShopServer,
} from '@/features/product-creation/testing/creation-harness';
import { PosterPage } from './poster-page';

let server: TestServer;
beforeAll(installNodeFileApis);
beforeEach(async () => {
  server = await startShopServer();
});
afterEach(async () => {
  await server.close();
  Reflect.deleteProperty(window, 'matchMedia');
});

const poster = (sku: string) => productBySku(sku)!;
const renderPoster = (sku = 'POSTERA4', path = '/product/poster-a4') =>
  renderPage(<PosterPage product={poster(sku)} imageTools={testImageTools} />, path);

describe('poster page content', () => {
  it.each([
    // The bulk table charges what the cart charges: the poster price less the band's rate, in dollars.
    [
      'POSTERA4',
      'Popular Choice',
      '$1.78',
      ['$1.78', '$1.58', '$1.38', '$1.18'],
      ['11.24%', '22.47%', '33.71%'],
    ],
    [
      'POSTERA3',
      'Professional Size',
      '$1.98',
      ['$1.98', '$1.76', '$1.54', '$1.31'],
      ['11.24%', '22.47%', '33.71%'],
    ],
    [
      'POSTER1218',
      'Premium Choice',
      '$2.18',
      ['$2.18', '$1.93', '$1.69', '$1.45'],
      ['11.24%', '22.47%', '33.71%'],
    ],
  ])(
    '%s shows its badge, price and bulk table in the chosen currency',
    (sku, badge, price, prices, savings) => {
      renderPoster(sku);
      expect(screen.getByText(badge)).toBeInTheDocument();
      expect(screen.getByTestId('product-price')).toHaveTextContent(price);
      expect(
        within(screen.getByRole('list', { name: 'Why our posters' })).getAllByRole('listitem'),
      ).toHaveLength(3);

      const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
      expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
        '1-9',
        '10-49',
        '50-99',
        '100+',
      ]);
      expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(prices);
      expect(rows.slice(1).map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(savings);
      expect(rows[0]).toHaveAttribute('aria-current', 'true');
    },
  );

  it.each([
    ['dollars', 'USD'],
    ['rupees', 'INR'],
  ] as const)(
    "given a shopper paying in %s, then free delivery within India names India's threshold in them",
    (_, currency) => {
      localStorage.setItem(CURRENCY_KEY, currency);
      renderPoster();
      const threshold = shippingTermsIn('IN', currency).freeShippingThreshold!;
      const card = within(screen.getByRole('list', { name: 'Why our posters' }))
        .getByText('Free Delivery Within India')
        .closest('li')!;
      // A smaller order pays shipping: the card says from when it is free, not 'at no extra cost'.
      expect(card).toHaveTextContent(
        `On orders over ${formatMoney(threshold, currency)} to an Indian address.`,
      );
    },
  );

  it('says how many shoppers have the page open, as the server counts them', async () => {
    server.on('POST /api/products/POSTERA4/viewers', json({ success: true, viewers: 4 }));
    renderPoster();
    const viewers = screen.getByTestId('viewer-count');
    await waitFor(() => expect(viewers).not.toHaveAttribute('data-pending'));
    expect(viewers).toHaveTextContent('4 people viewing this right now');
  });

  it('given a new guest, then the first heartbeat waits for the cart read that gives them their session', async () => {
    let answerCart!: () => void;
    const cartAnswered = new Promise<void>((resolve) => (answerCart = resolve));
    server.on('GET /api/cart', {
      ...json({ success: false, message: 'Not found', code: 'NOT_FOUND' }, 404),
      wait: cartAnswered,
    });
    server.on('POST /api/products/POSTERA4/viewers', json({ success: true, viewers: 2 }));
    renderPoster();
    await waitFor(() => expect(server.requests.some((r) => r.url.startsWith('/api/cart'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.requests.some((r) => r.url === '/api/products/POSTERA4/viewers')).toBe(false);

    answerCart();
    await waitFor(() => expect(screen.getByTestId('viewer-count')).not.toHaveAttribute('data-pending'));
    expect(screen.getByTestId('viewer-count')).toHaveTextContent('2 people viewing this right now');
  });

  it.each([
    ['the shopper alone', json({ success: true, viewers: 1 })],
    [
      'a refused heartbeat',
      json({ success: false, message: 'Too many requests', code: 'TOO_MANY_REQUESTS' }, 429),
    ],
  ])('given %s, then no figure is shown, and its room stays', async (_, reply) => {
    server.on('POST /api/products/POSTERA4/viewers', reply);
    renderPoster();
    await waitFor(() =>
      expect(server.requests.some((r) => r.url === '/api/products/POSTERA4/viewers')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('viewer-count')).toHaveAttribute('data-pending');
  });

  it('given a figure shown, when the next heartbeat fails, then the figure goes rather than staying stale', async () => {
    let answer = json({ success: true, viewers: 3 });
    server.on('POST /api/products/POSTERA4/viewers', () => answer);
    renderPoster();
    const viewers = screen.getByTestId('viewer-count');
    await waitFor(() => expect(viewers).not.toHaveAttribute('data-pending'));
    answer = json({ success: false, message: 'Unavailable', code: 'SERVICE_UNAVAILABLE' }, 503);
    // The tab shown again asks at once (as at its next beat).
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(viewers).toHaveAttribute('data-pending'));
    expect(server.requests.filter((r) => r.url === '/api/products/POSTERA4/viewers')).toHaveLength(2);
  });

  it('has the tabs Product Details (default), Shipping with the country rule, and FAQ', async () => {
    const { user } = renderPoster();
    expect(screen.getByRole('tab', { name: 'Product Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('A4 (21 x 29.7 cm)');

    await user.click(screen.getByRole('tab', { name: 'Shipping' }));
    const shipping = screen.getByTestId('shipping-panel');
    expect(shipping).toHaveTextContent('24-48 hours (excluding Sundays)');
    expect(shipping).toHaveTextContent('10-15 business days');
    expect(shipping).toHaveTextContent('On orders over $50.00');
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('$10.00');

    // 29 A4 posters: 51.62 USD before the 11.24% band (45.82 after): free, as the subtotal counts.
    await chooseFiles(user, [photo('a.png')]);
    const quantity = screen.getByRole('textbox', { name: 'Quantity of a.png' });
    await user.clear(quantity);
    await user.type(quantity, '29{Enter}');
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('Free');

    await user.click(screen.getByRole('tab', { name: 'FAQ' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('How do bulk discounts work?');
  });

  it('tracks the product view with a browser_ event id', async () => {
    renderPoster('POSTERA3', '/product/customized-poster-a3-print-custom-posters-online');
    await waitFor(() => expect(requestsTo(server, 'POST /api/track/view-content').length).toBeGreaterThan(0));
    const body = JSON.parse(requestsTo(server, 'POST /api/track/view-content')[0]!.body);
    expect(body.event_id).toMatch(/^browser_/);
    expect(body.product).toEqual({
      sku: 'POSTERA3',
      meta_content_id: 'POSTERA3_12346',
      name: 'A3 Poster | Customized Poster Print',
      price: 1.98,
      currency: 'USD',
    });
  });
});

describe('on a phone', () => {
  const scrolled: string[] = [];
  beforeEach(() => {
    scrolled.length = 0;
    Object.assign(window, {
      matchMedia: (query: string) => ({
        matches: query === '(max-width: 767px)',
        addEventListener() {},
        removeEventListener() {},
      }),
    });
    // jsdom lays nothing out and has no scrollIntoView: record which element was asked to come into view.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
  });

  it('shows Start Creating until images exist, then the bottom bar with progress and Crop N more; scrolls to the preview after 800 ms', async () => {
    const { user } = renderPoster();
    expect(screen.getByTestId('start-creating')).toHaveTextContent('Start Creating');
    expect(screen.queryByTestId('mobile-cart-bar')).not.toBeInTheDocument();

    await chooseFiles(user, [photo('a.png'), photo('b.png')]);
    expect(screen.queryByTestId('start-creating')).not.toBeInTheDocument();
    const bar = screen.getByTestId('mobile-cart-bar');
    expect(within(bar).getByRole('progressbar', { name: 'Photos cropped' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(within(bar).getByRole('button', { name: 'Crop 2 more' })).toBeEnabled();
    await waitFor(() => expect(scrolled).toContain('uploads-list'), { timeout: 2000 });

    // Crop N more opens the batch crop; the bar hides while it runs.
    await user.click(within(bar).getByRole('button', { name: 'Crop 2 more' }));
    expect(within(cropDialog()).getByRole('heading', { name: 'Batch Crop (1/2)' })).toBeInTheDocument();
    expect(screen.queryByTestId('mobile-cart-bar')).not.toBeInTheDocument();
    await applyCrop(user);
    await waitFor(() =>
      expect(within(cropDialog()).getByRole('heading', { name: 'Batch Crop (2/2)' })).toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Exit Batch Crop' }));

    const after = screen.getByTestId('mobile-cart-bar');
    expect(within(after).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(within(after).getByRole('button', { name: 'Crop 1 more' })).toBeInTheDocument();
    expect(after).toHaveTextContent('$3.56');
  });

  it('given photos chosen, when the shopper scrolls before 800 ms, then the page does not scroll to the preview', async () => {
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png')]);
    fireEvent.touchMove(window);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(scrolled).not.toContain('uploads-list');
  });
});

describe('Unsaved Changes guard', () => {
  it('asks before leaving with images; Stay keeps them, Leave clears them and goes on; without images it does not ask', async () => {
    const { user, history, navigate } = renderPoster();
    await chooseFiles(user, [photo('a.png')]);

    void navigate('/cart');
    const modal = await screen.findByRole('alertdialog', { name: 'Unsaved Changes' });
    await user.click(within(modal).getByRole('button', { name: 'Stay on Page' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(history.location.pathname).toBe('/product/poster-a4');
    expect(cards()).toHaveLength(1);

    // The same path with a hash is no navigation away.
    await navigate('/product/poster-a4#upload-area');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    void navigate('/cart');
    await user.click(await screen.findByRole('button', { name: 'Leave Page' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();

    await navigate('/product/poster-a4');
    expect(cards()).toHaveLength(0);
    await navigate('/cart');
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('structured data', () => {
  const productMarkup = () =>
    Array.from(document.querySelectorAll('script[type="application/ld+json"]'))
      .map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>)
      .find((block) => block['@type'] === 'Product');

  it("given the poster has 7 reviews and the shop 42 approved ones, then its Product markup has the USD offer valid to 2025-12-31, the summary's rating and 5 of them, asked for by sku and 10 at most", async () => {
    server.on(
      'GET /api/reviews/summary',
      json({ success: true, summary: { averageRating: 4.6, totalReviews: 42 } }),
    );
    const reviews = Array.from({ length: 7 }, (_, i) => ({
      id: `review-${i}`,
      rating: 5 - (i % 2),
      content: `Lovely poster ${i}`,
      created_at: `2026-01-0${i + 1}T10:00:00.000Z`,
      user: { name: `Reviewer ${i}` },
      productSku: 'POSTERA4',
      verifiedPurchase: true,
    }));
    server.on(
      'GET /api/reviews',
      json({
        success: true,
        data: {
          reviews,
          stats: {
            averageRating: 4.6,
            totalReviews: 7,
            ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 3, 5: 4 },
          },
          pagination: { page: 1, limit: 10, total: 7, pages: 1 },
        },
      }),
    );
    renderPoster();

    await waitFor(() => expect(productMarkup()?.review).toHaveLength(5));
    expect(productMarkup()).toMatchObject({
      '@type': 'Product',
      name: 'A4 Poster',
      sku: 'POSTERA4',
      offers: {
        '@type': 'Offer',
        price: 1.78,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        priceValidUntil: '2025-12-31',
      },
      aggregateRating: { ratingValue: 4.6, reviewCount: 42, bestRating: 5 },
    });
    expect((productMarkup()!.review as Record<string, unknown>[])[0]).toMatchObject({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Reviewer 0' },
      reviewRating: { ratingValue: 5 },
      reviewBody: 'Lovely poster 0',
    });
    const asked = new URL(requestsTo(server, 'GET /api/reviews')[0]!.url, server.origin);
    expect(asked.searchParams.get('product')).toBe('POSTERA4');
    expect(asked.searchParams.get('limit')).toBe('10');
    expect(asked.searchParams.get('sort')).toBe('newest');
  });

  it('given no approved reviews yet, then the Product markup claims no rating at all', async () => {
    server.on(
      'GET /api/reviews/summary',
      json({ success: true, summary: { averageRating: 0, totalReviews: 0 } }),
    );
    renderPoster();

    await waitFor(() => expect(requestsTo(server, 'GET /api/reviews/summary')).toHaveLength(1));
    await waitFor(() => expect(productMarkup()).toMatchObject({ sku: 'POSTERA4' }));
    expect(productMarkup()).not.toHaveProperty('aggregateRating');
  });
});
