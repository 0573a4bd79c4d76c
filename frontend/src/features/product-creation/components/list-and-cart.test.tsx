// The uploads list (quantity, selection, paging), the order summary with both discount schemes, and
// Add to Cart (sequence, toast, banner, poor-quality warning, strips), against a real local server.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { json, type TestServer } from '@/test/http-server';
import { PosterPage } from '@/features/product-creation/posters/components/poster-page';
import { installNodeFileApis, photo, testImageTools } from '../testing/browser-apis';
import {
  card,
  cards,
  chooseFiles,
  cropOne,
  renderPage,
  requestsTo,
  startShopServer,
  uploadAnswer,
} from '../testing/creation-harness';
import { StandardProductPage } from './standard-product-page';

const A4 = productBySku('POSTERA4')!;
const PRINT_4X6 = productBySku('4X6PHOTOPRINT')!;
let server: TestServer & { uploads: number };

beforeAll(installNodeFileApis);
beforeEach(async () => {
  server = await startShopServer();
});
afterEach(() => server.close());

const renderPoster = (onCartChanged?: () => void) =>
  renderPage(
    <PosterPage product={A4} imageTools={testImageTools} onCartChanged={onCartChanged} />,
    '/product/poster-a4',
  );

const quantityOf = (name: string) => screen.getByRole('textbox', { name: `Quantity of ${name}` });

async function typeQuantity(user: ReturnType<typeof renderPoster>['user'], name: string, text: string) {
  const input = quantityOf(name);
  await user.clear(input);
  if (text) await user.type(input, text);
  await user.keyboard('{Enter}');
}

describe('quantity per image', () => {
  it('keeps whole numbers of at least 1 and ignores the rest', async () => {
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png')]);
    expect(quantityOf('a.png')).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Decrease quantity of a.png' })).toBeDisabled();

    for (const bad of ['0', '-3', 'abc', '2.5', '']) {
      await typeQuantity(user, 'a.png', bad);
      expect(quantityOf('a.png')).toHaveValue('1');
    }
    await typeQuantity(user, 'a.png', '4');
    expect(quantityOf('a.png')).toHaveValue('4');
    await user.click(screen.getByRole('button', { name: 'Increase quantity of a.png' }));
    expect(quantityOf('a.png')).toHaveValue('5');
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of a.png' }));
    expect(quantityOf('a.png')).toHaveValue('4');
  });
});

describe('selection and paging', () => {
  it('selects on a page, sets the quantity of the selected (1 when not a number), deletes selected, and pages by 12', async () => {
    const { user } = renderPoster();
    await chooseFiles(
      user,
      Array.from({ length: 13 }, (_, i) => photo(`p${String(i + 1).padStart(2, '0')}.png`)),
    );
    expect(cards()).toHaveLength(12);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Photos (13)' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select p01.png' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select p02.png' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Quantity for selected'), '3');
    await user.click(screen.getByRole('button', { name: 'Set quantity for selected' }));
    expect(quantityOf('p01.png')).toHaveValue('3');
    expect(quantityOf('p02.png')).toHaveValue('3');
    expect(quantityOf('p03.png')).toHaveValue('1');
    await user.type(screen.getByLabelText('Quantity for selected'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Set quantity for selected' }));
    expect(quantityOf('p01.png')).toHaveValue('1');

    // Toggle off one, then select all on page 2 only.
    await user.click(screen.getByRole('checkbox', { name: 'Select p02.png' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(cards()).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    expect(screen.getByRole('heading', { name: 'Your Photos (11)' })).toBeInTheDocument();
    expect(screen.queryByText(/Page \d of/)).not.toBeInTheDocument();
    expect(screen.queryByText('p01.png')).not.toBeInTheDocument();
    expect(screen.queryByText('p13.png')).not.toBeInTheDocument();
    expect(screen.getByText('0 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete p02.png' }));
    expect(screen.getByRole('heading', { name: 'Your Photos (10)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete all' }));
    expect(cards()).toHaveLength(0);
  });
});

describe('order summary', () => {
  it('on a poster page: no discount under 10, 11.24% from 10, with the add-N-more nudge', async () => {
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png')]);
    await typeQuantity(user, 'a.png', '9');
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('$16.02');
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('$0.00');
    expect(screen.getByText('Add 1 more poster to save 11.24%')).toBeInTheDocument();

    await typeQuantity(user, 'a.png', '10');
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('$17.80');
    expect(screen.getByText('Bulk discount (11.24%)')).toBeInTheDocument();
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('−$2.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$15.80');
    expect(screen.getByText('Add 40 more posters to save 22.47%')).toBeInTheDocument();

    await typeQuantity(user, 'a.png', '100');
    expect(screen.getByText('Bulk discount (33.71%)')).toBeInTheDocument();
    expect(screen.queryByText(/more posters? to save/)).not.toBeInTheDocument();
  });

  it('on a print page: the upload-panel bands, 20% from 50 and 30% from 100', async () => {
    const { user } = renderPage(
      <StandardProductPage product={PRINT_4X6} imageTools={testImageTools} />,
      '/product/4x6-photo-prints',
    );
    await chooseFiles(user, [photo('a.png'), photo('b.png')]);
    await typeQuantity(user, 'a.png', '40');
    expect(screen.getByText('Add 9 more prints to save 20%')).toBeInTheDocument();
    await typeQuantity(user, 'b.png', '10');
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('$19.50');
    expect(screen.getByText('Bulk discount (20%)')).toBeInTheDocument();
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('−$3.90');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$15.60');
    expect(screen.getByText('Add 50 more prints to save 30%')).toBeInTheDocument();
  });
});

describe('add to cart', () => {
  it('is refused with nothing to add, and waits until every image is cropped', async () => {
    const { user } = renderPoster();
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('No valid images to add to cart.');

    await chooseFiles(user, [photo('a.png'), photo('b.png')]);
    expect(screen.getByRole('button', { name: 'Crop 2 more' })).toBeDisabled();
    await cropOne(user, 'a.png');
    expect(screen.getByRole('button', { name: 'Crop 1 more' })).toBeDisabled();
    await cropOne(user, 'b.png');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('adds each image in turn; a failure is shown first-come and the others still go; then toast, the added leave the list, the failed one stays named in the banner, cart refresh', async () => {
    const answers = [
      json({ success: true, item: { id: 'l1' } }, 201),
      json({ success: false, message: 'Image not found', code: 'NOT_FOUND' }, 404),
      json({ success: true, item: { id: 'l3' } }, 201),
    ];
    let call = 0;
    server.on('POST /api/cart/item', () => answers[call++]!);
    const cartChanged = vi.fn();
    const { user } = renderPoster(cartChanged);
    await chooseFiles(user, [photo('a.png'), photo('b.png'), photo('c.png')]);
    for (const name of ['a.png', 'b.png', 'c.png']) await cropOne(user, name);
    await typeQuantity(user, 'c.png', '3');

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('2 posters added to cart!');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Image not found Not added, still in your list: b.png.',
    );
    expect(cards()).toHaveLength(1);
    expect(card('b.png')).toHaveAttribute('data-cropped', 'true');
    expect(cartChanged).toHaveBeenCalledTimes(1);

    const adds = requestsTo(server, 'POST /api/cart/item').map((r) => JSON.parse(r.body));
    expect(adds.map(({ event_id: _e, ...rest }) => rest)).toEqual([
      { sku: 'POSTERA4', quantity: 1, rawImageId: 'raw-1', croppedImageId: 'crop-1' },
      { sku: 'POSTERA4', quantity: 1, rawImageId: 'raw-2', croppedImageId: 'crop-2' },
      { sku: 'POSTERA4', quantity: 3, rawImageId: 'raw-3', croppedImageId: 'crop-3' },
    ]);
    expect(new Set(adds.map((a) => a.event_id)).size).toBe(3);

    // Tracking: one add-to-cart per line that went in, carrying that line's event id.
    await waitFor(() => expect(requestsTo(server, 'POST /api/track/add-to-cart')).toHaveLength(2));
    const tracked = requestsTo(server, 'POST /api/track/add-to-cart').map((r) => JSON.parse(r.body));
    expect(tracked.map((t) => t.event_id).sort()).toEqual([adds[0].event_id, adds[2].event_id].sort());
    expect(tracked[0].item).toMatchObject({ sku: 'POSTERA4', price: 1.78, currency: 'USD' });

    // The toast goes after 3 s; the banner stays until dismissed.
    await waitFor(() => expect(screen.queryByText('2 posters added to cart!')).not.toBeInTheDocument(), {
      timeout: 4000,
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Image not found');
  });

  it('given every add fails, then the first message shows, nothing is toasted and the list stays', async () => {
    let call = 0;
    server.on('POST /api/cart/item', () => json({ success: false, message: `Refused ${++call}` }, 422));
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png'), photo('b.png')]);
    await cropOne(user, 'a.png');
    await cropOne(user, 'b.png');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Refused 1');
    expect(requestsTo(server, 'POST /api/cart/item')).toHaveLength(2);
    expect(cards()).toHaveLength(2);
    expect(screen.queryByText(/added to cart/)).not.toBeInTheDocument();
  });

  it('given an add that failed (it may have landed all the same), when pressed again, then it is the same request; another quantity is a new one', async () => {
    server.on('POST /api/cart/item', () =>
      json({ success: false, message: 'The database is unavailable; please try again shortly' }, 503),
    );
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png')]);
    await cropOne(user, 'a.png');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(requestsTo(server, 'POST /api/cart/item')).toHaveLength(2));
    await typeQuantity(user, 'a.png', '2');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(requestsTo(server, 'POST /api/cart/item')).toHaveLength(3));
    const ids = requestsTo(server, 'POST /api/cart/item').map((r) => JSON.parse(r.body).event_id);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it.each([
    [
      'an answer the page cannot read (200 without the item)',
      () => json({ success: true }, 200),
      'Failed to add item to cart.',
    ],
    ['a failure without a message', () => json({}, 500), 'Failed to add item to cart.'],
  ])(
    'given %s, then the spec\'s sentence shows, not the client\'s "Status …"',
    async (_case, answer, sentence) => {
      server.on('POST /api/cart/item', answer());
      const { user } = renderPoster();
      await chooseFiles(user, [photo('a.png')]);
      await cropOne(user, 'a.png');
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(sentence);
      expect(alert).not.toHaveTextContent(/Status/);
    },
  );

  it('warns before adding poor-quality prints: Go Back adds nothing, Add Anyway adds', async () => {
    server.on('POST /api/images', () => uploadAnswer(++server.uploads, { dpi: 90, quality: 'poor' }));
    server.on('POST /api/cart/item', json({ success: true, item: { id: 'l1' } }, 201));
    const { user } = renderPoster();
    await chooseFiles(user, [photo('a.png')]);
    await cropOne(user, 'a.png');
    expect(card('a.png')).toHaveTextContent('Poor quality (90 DPI)');
    expect(card('a.png')).toHaveTextContent('This photo will likely look blurry or pixelated');

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const warning = screen.getByRole('alertdialog', { name: 'Low print quality' });
    expect(warning).toHaveTextContent('1 photo has low resolution');
    await user.click(within(warning).getByRole('button', { name: 'Go Back' }));
    expect(requestsTo(server, 'POST /api/cart/item')).toHaveLength(0);
    expect(cards()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await user.click(screen.getByRole('button', { name: 'Add Anyway' }));
    expect(await screen.findByText('1 poster added to cart!')).toBeInTheDocument();
    expect(requestsTo(server, 'POST /api/cart/item')).toHaveLength(1);
  });
});

describe('photo strips (3 photos per strip)', () => {
  it('given a strip short of photos on a phone, then the bottom bar says how many more it needs, as the summary does', async () => {
    Object.assign(window, {
      matchMedia: (query: string) => ({
        matches: query === '(max-width: 767px)',
        addEventListener() {},
        removeEventListener() {},
      }),
    });
    try {
      let single = 0;
      server.on('POST /api/images/single', () =>
        json({ success: true, image: { id: `strip-${++single}`, width: 600, height: 1800 } }, 201),
      );
      const { user } = renderPage(
        <StandardProductPage product={productBySku('PHOTOSTRIPGOODVIBES')!} imageTools={testImageTools} />,
        '/product/good-vibes-photo-strip',
      );
      await chooseFiles(user, [photo('s1.png'), photo('s2.png')]);
      for (const name of ['s1.png', 's2.png']) await cropOne(user, name);

      const bar = screen.getByTestId('mobile-cart-bar');
      expect(within(bar).getByRole('button', { name: 'Add 1 more photo' })).toBeDisabled();
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('fills strips in list order and adds each full strip with its photos per slot', async () => {
    const strip = productBySku('PHOTOSTRIPGOODVIBES')!;
    let single = 0;
    server.on('POST /api/images/single', () =>
      json({ success: true, image: { id: `strip-${++single}`, width: 600, height: 1800 } }, 201),
    );
    server.on('POST /api/cart/photostrips', json({ success: true, item: { id: 'l1' } }, 201));
    const { user } = renderPage(
      <StandardProductPage product={strip} imageTools={testImageTools} />,
      '/product/good-vibes-photo-strip',
    );
    await chooseFiles(
      user,
      [1, 2, 3, 4].map((n) => photo(`s${n}.png`)),
    );
    expect(card('s4.png')).toHaveTextContent('Strip 2 · photo 1 of 3');
    expect(screen.queryByRole('textbox', { name: 'Quantity of s1.png' })).not.toBeInTheDocument();
    for (const n of [1, 2, 3, 4]) await cropOne(user, `s${n}.png`);
    expect(screen.getByRole('button', { name: 'Add 2 more photos' })).toBeDisabled();

    await chooseFiles(user, [photo('s5.png'), photo('s6.png')]);
    await cropOne(user, 's5.png');
    await cropOne(user, 's6.png');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('2 strips added to cart!')).toBeInTheDocument();

    const lines = requestsTo(server, 'POST /api/cart/photostrips').map((r) => JSON.parse(r.body));
    expect(lines.map(({ event_id: _e, ...rest }) => rest)).toEqual([
      {
        sku: 'PHOTOSTRIPGOODVIBES',
        quantity: 1,
        croppedImageId: 'strip-1',
        images: [
          { imageId: 'crop-1', slot: 0 },
          { imageId: 'crop-2', slot: 1 },
          { imageId: 'crop-3', slot: 2 },
        ],
      },
      {
        sku: 'PHOTOSTRIPGOODVIBES',
        quantity: 1,
        croppedImageId: 'strip-2',
        images: [
          { imageId: 'crop-4', slot: 0 },
          { imageId: 'crop-5', slot: 1 },
          { imageId: 'crop-6', slot: 2 },
        ],
      },
    ]);
  });
});
