// The home showcase (spec 1 §2): its states and messages, the filters and the card format.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDto } from '@printshop/shared-events/api/catalog';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { fromApiProduct } from '../product-view';
import { ProductShowcase, ShowcaseView, type ShowcaseState } from './product-showcase';

const product = (sku: string, name: string, category: ProductDto['category'], price: number): ProductDto => ({
  sku,
  name,
  category,
  family: category === 'Posters' ? 'posters' : category === 'Strips' ? 'film-strips' : 'retro-prints',
  price,
  imageUrl: `/images/products/${sku.toLowerCase()}.webp`,
  path: `/product/${sku.toLowerCase()}`,
});

const PRODUCTS = [
  product(
    'LARGERETROPOLAROIDWHITE',
    'Large Retro Polaroid Prints - White | Print Photos Online',
    'Retro Prints',
    0.69,
  ),
  // The owner raised it from the code's $0.39.
  product('4X6PHOTOPRINT', '4x6 Photo Prints | Print Photos Online', 'Photo Prints', 0.45),
  product('FILMSTRIP2', 'Film Style Photo Prints | Custom Photo Strips', 'Strips', 1.49),
  product('POSTERA4', 'A4 Poster | Customized Poster Print', 'Posters', 1.78),
];

const items = (products: readonly ProductDto[]) => products.map(fromApiProduct);

function renderView(state: ShowcaseState, filter: Parameters<typeof ShowcaseView>[0]['filter'] = 'all') {
  return renderApp(<ShowcaseView state={state} filter={filter} onFilter={() => undefined} />);
}

describe('ShowcaseView', () => {
  it('given an error, then its text in red', () => {
    renderView({ status: 'error', message: 'Could not load products.' });
    const message = screen.getByRole('alert');
    expect(message).toHaveTextContent('Could not load products.');
    expect(message).toHaveClass('text-error');
  });

  it("given no product in the filter, then 'No products found in this category.'", () => {
    renderView({ status: 'success', products: items(PRODUCTS.slice(0, 2)) }, 'posters');
    expect(screen.getByText('No products found in this category.')).toBeInTheDocument();
  });

  it("given products, then cards with the name before ' | ', 'From {price}/{unit}' and View Details", () => {
    renderView({ status: 'success', products: items(PRODUCTS) });
    const cards = screen.getAllByRole('link');
    expect(cards).toHaveLength(4);
    expect(cards[0]).toHaveTextContent('Large Retro Polaroid Prints - White');
    expect(cards[0]).not.toHaveTextContent('Print Photos Online');
    expect(cards[0]).toHaveTextContent('From $0.69/print');
    expect(cards[2]).toHaveTextContent('From $1.49/strip');
    expect(cards[3]).toHaveTextContent('From $1.78/poster');
    expect(cards[3]).toHaveAttribute('href', '/product/postera4');
    expect(cards[0]).toHaveTextContent('View Details');
  });

  it('given each filter, then only its group shows', () => {
    const names = (filter: Parameters<typeof renderView>[1]) => {
      const { unmount } = renderView({ status: 'success', products: items(PRODUCTS) }, filter);
      const shown = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
      unmount();
      return shown;
    };
    expect(names('retro')).toEqual(['Large Retro Polaroid Prints - White']);
    expect(names('standard')).toEqual(['4x6 Photo Prints']);
    expect(names('strips')).toEqual(['Film Style Photo Prints']);
    expect(names('posters')).toEqual(['A4 Poster']);
  });
});

describe('ProductShowcase with the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    configureApiClient({ origin: server.origin, getToken: () => null });
  });
  afterAll(() => server.close());

  it('given GET /api/products answers, then the featured products show and a filter narrows them', async () => {
    server.on('GET /api/products', json({ success: true, data: PRODUCTS, message: 'ok' }));
    const user = userEvent.setup();
    renderApp(<ProductShowcase />);
    // Before the answer (and in the prerendered page): the code's twelve bestsellers at the code's prices.
    const cards = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.closest('a')!);
    expect(cards()).toHaveLength(12);
    expect(cards()[4]).toHaveTextContent('4x6 Photo PrintsFrom $0.39/print');
    expect(screen.queryByText('Loading products...')).not.toBeInTheDocument();
    // Then the owner's live list: only what it lists, at its prices.
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(cards()[1]).toHaveTextContent('4x6 Photo PrintsFrom $0.45/print');
    await user.click(screen.getByRole('button', { name: 'Posters' }));
    expect(screen.getByRole('button', { name: 'Posters' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['A4 Poster']);
  });

  it('given the server fails with a message, then that message shows in red', async () => {
    server.on(
      'GET /api/products',
      json({ success: false, message: 'Catalog unavailable', code: 'DOWN' }, 503),
    );
    renderApp(<ProductShowcase />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Catalog unavailable');
  });
});
