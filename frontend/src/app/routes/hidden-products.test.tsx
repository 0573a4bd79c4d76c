// Products the owner hid (absent from GET /api/products) leave the storefront: the menus and the
// category page omit them, and their product page says they are no longer available.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  HIDDEN_PRODUCTS_META,
  PRODUCTS,
  productsOnCategoryPage,
} from '@printshop/shared-events/rules/catalog';
import { DesktopNav } from '../layout/desktop-nav';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { Component as CategoryPage } from './category';
import { Component as ProductPage } from './product';

const HIDDEN = '4X6PHOTOPRINT';
const HIDDEN_PATH = '/product/4x6-photo-prints';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
  const listed = PRODUCTS.filter((p) => p.sku !== HIDDEN).map((p) => ({
    sku: p.sku,
    name: p.name,
    category: p.category,
    family: p.family,
    price: p.basePriceUsdCents / 100,
    imageUrl: '/images/x.jpg',
    path: p.path,
  }));
  server.on('GET /api/products', json({ success: true, data: listed, message: 'ok' }));
});

describe('hidden products in the storefront', () => {
  it('given the 4x6 print hidden, when its page opens, then it says it is no longer available with a link home', async () => {
    renderApp(<ProductPage />, { path: '/product/4x6-photo-prints' });
    expect(await screen.findByText('This product is no longer available.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('given a page served naming the 4x6 print hidden (the shell), when its page opens before GET /api/products answers, then it already says it is no longer available', async () => {
    let answer!: () => void;
    server.on('GET /api/products', {
      ...json({ success: true, data: [] }),
      wait: new Promise<void>((r) => (answer = r)),
    });
    const meta = Object.assign(document.createElement('meta'), {
      name: HIDDEN_PRODUCTS_META,
      content: HIDDEN,
    });
    document.head.append(meta);
    try {
      renderApp(<ProductPage />, { path: HIDDEN_PATH });
      expect(await screen.findByText('This product is no longer available.')).toBeInTheDocument();
    } finally {
      answer();
      meta.remove();
    }
  });

  it('given no such tag and GET /api/products not answered yet, then the 4x6 print page shows the product', async () => {
    let answer!: () => void;
    server.on('GET /api/products', {
      ...json({ success: true, data: [] }),
      wait: new Promise<void>((r) => (answer = r)),
    });
    try {
      renderApp(<ProductPage />, { path: HIDDEN_PATH });
      expect(await screen.findByRole('heading', { level: 1, name: /4x6/i })).toBeInTheDocument();
      expect(screen.queryByText('This product is no longer available.')).toBeNull();
    } finally {
      answer();
    }
  });

  it('given the 4x6 print hidden, then the Prints page lists the other prints but not it', async () => {
    const all = productsOnCategoryPage('/prints')!;
    expect(all.map((p) => p.sku)).toContain(HIDDEN);
    const { container } = renderApp(<CategoryPage />, { path: '/prints' });
    const grid = await screen.findByRole('list', { name: 'Prints' });
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(all.length - 1));
    expect(container.querySelector(`a[href="${HIDDEN_PATH}"]`)).toBeNull();
  });

  it('given the 4x6 print hidden, then the header menus have no link to it', async () => {
    const { container } = renderApp(<DesktopNav />);
    await userEvent.click(screen.getByRole('button', { name: 'Prints' }));
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/products')).toBe(true));
    const hrefs = () => [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    await waitFor(() => expect(hrefs()).not.toContain(HIDDEN_PATH));
    expect(hrefs()).toContain('/product/5x7-photo-prints-print-photos-online');
  });
});
