// The owner's product pictures in the storefront (GET /api/products' imageUrl and images): the
// category page's card and the product page show the owner's main picture once the list answers;
// uploads are loaded as the server's resized copy, the code's pictures as they are.
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCTS } from '@printshop/shared-events/rules/catalog';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { Component as CategoryPage } from './category';
import { Component as ProductPage } from './product';

const A3 = PRODUCTS.find((p) => p.sku === 'POSTERA3')!;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
  const listed = PRODUCTS.map((p) => ({
    sku: p.sku,
    name: p.name,
    category: p.category,
    family: p.family,
    price: p.basePriceUsdCents / 100,
    path: p.path,
    ...(p.sku === A3.sku
      ? { imageUrl: '/images/owner-a3', images: ['/images/owner-a3', A3.imageUrl] }
      : { imageUrl: p.imageUrl }),
  }));
  server.on('GET /api/products', json({ success: true, data: listed, message: 'ok' }));
});

describe('the owner’s product pictures', () => {
  it('given the owner’s picture of the A3 poster, then its card on the Posters page shows it; the others keep the code’s', async () => {
    const { container } = renderApp(<CategoryPage />, { path: '/posters' });
    await screen.findByRole('list', { name: 'Posters' });
    const card = () => container.querySelector(`a[data-sku="${A3.sku}"] img`);
    await waitFor(() => expect(card()).toHaveAttribute('src', '/api/images/owner-a3?w=768'));
    const a4 = PRODUCTS.find((p) => p.sku === 'POSTERA4')!;
    expect(container.querySelector(`a[data-sku="${a4.sku}"] img`)).toHaveAttribute('src', a4.imageUrl);
  });

  it('given the owner’s picture of the A3 poster, then its page shows it as the main picture', async () => {
    renderApp(<ProductPage />, { path: A3.path });
    const figure = await screen.findByRole('figure');
    await waitFor(() =>
      expect(within(figure).getByRole('img')).toHaveAttribute('src', '/api/images/owner-a3?w=1024'),
    );
  });
});
