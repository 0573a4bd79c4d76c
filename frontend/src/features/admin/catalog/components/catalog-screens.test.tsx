// The owner's catalog screens: the list (price, hide/show in one click) and the product editor
// (a new price previewed against the open carts before saving, sent as USD cents; the group's
// quantity bands edited row by row, with the server's message on the input it names; the history).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { signIn } from '@/features/admin/testing/admin-fixtures';
import { CATALOG_LIST_MESSAGES, CatalogList } from './catalog-list';
import { PRODUCT_EDITOR_MESSAGES, ProductEditor } from './product-editor';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
  signIn();
});

const print = {
  sku: '4X6PHOTOPRINT',
  name: '4x6 Photo Prints | Print Photos Online',
  description: '',
  category: 'Photo Prints',
  path: '/product/4x6-photo-prints',
  imageUrl: '/images/products/4x6.webp',
  images: ['/images/products/4x6.webp'],
  hidden: false,
  priceUsdCents: 39,
  sizePrices: {},
  bandGroup: 'upload-panel',
  bands: [
    { minQuantity: 50, rateBps: 2000 },
    { minQuantity: 100, rateBps: 3000 },
  ],
};
const serveCatalog = (products = [print]) =>
  server.on('GET /api/admin/catalog', json({ success: true, products }));
const patches = () => server.requests.filter((r) => r.method === 'PATCH');

describe('CatalogList', () => {
  it('given the catalog, then each product shows its price and status; Hide sends hidden: true', async () => {
    serveCatalog();
    server.on(
      'PATCH /api/admin/catalog/4X6PHOTOPRINT',
      json({ success: true, product: { ...print, hidden: true } }),
    );
    renderApp(<CatalogList />);
    const row = await screen.findByTestId('catalog-row-4X6PHOTOPRINT');
    expect(row).toHaveTextContent('4x6 Photo Prints');
    expect(row).toHaveTextContent('$0.39');
    expect(row).toHaveTextContent('For sale');
    await userEvent.click(within(row).getByRole('button', { name: 'Hide 4x6 Photo Prints' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      CATALOG_LIST_MESSAGES.hidden('4x6 Photo Prints'),
    );
    expect(JSON.parse(patches()[0]!.body)).toEqual({ hidden: true });
  });
});

describe('ProductEditor', () => {
  const renderEditor = () =>
    renderApp(<></>, {
      path: '/admin/catalog/4X6PHOTOPRINT',
      routes: [{ path: '/admin/catalog/:sku', element: <ProductEditor /> }],
    });

  it('given a new price typed, then the affected carts are previewed, and Save sends the cents; the history lists the changes', async () => {
    serveCatalog();
    server.on(
      'GET /api/admin/catalog/4X6PHOTOPRINT/history',
      json({
        success: true,
        changes: [
          {
            field: 'price',
            sku: '4X6PHOTOPRINT',
            before: 35,
            after: 39,
            by: 'admin:1',
            byEmail: 'chief@example.com',
            at: '2026-03-01T10:00:00.000Z',
          },
        ],
      }),
    );
    server.on(
      'GET /api/admin/catalog/4X6PHOTOPRINT/price-preview',
      json({
        success: true,
        sku: '4X6PHOTOPRINT',
        size: null,
        currentUsdCents: 39,
        newUsdCents: 45,
        bandGroup: 'upload-panel',
        currentBands: print.bands,
        newBands: print.bands,
        carts: [
          {
            cartId: 'user-1',
            quantity: 3,
            subtotalBeforeUsdCents: 117,
            subtotalAfterUsdCents: 135,
            totalBeforeUsdCents: 117,
            totalAfterUsdCents: 135,
          },
        ],
      }),
    );
    server.on(
      'PATCH /api/admin/catalog/4X6PHOTOPRINT',
      json({ success: true, product: { ...print, priceUsdCents: 45 } }),
    );
    renderEditor();

    const history = await screen.findByRole('table', { name: 'Changes of 4X6PHOTOPRINT' });
    expect(history).toHaveTextContent('chief@example.com');
    expect(history).toHaveTextContent('$0.35');
    const price = screen.getByLabelText('Price (USD cents)');
    await userEvent.clear(price);
    await userEvent.type(price, '45');
    const preview = await screen.findByRole('region', { name: 'Price preview' });
    expect(await within(preview).findByText(/1 open cart would change/)).toBeInTheDocument();
    expect(preview).toHaveTextContent('$1.17');
    expect(preview).toHaveTextContent('$1.35');
    const asked = server.requests.filter((r) => r.url.includes('price-preview')).at(-1)!;
    expect(new URL(asked.url, 'http://x').searchParams.get('priceUsdCents')).toBe('45');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PRODUCT_EDITOR_MESSAGES.saved);
    expect(JSON.parse(patches()[0]!.body)).toEqual({ priceUsdCents: 45 });
  });

  it('given a refused price, when saved, then the server’s message is shown', async () => {
    serveCatalog();
    server.on('GET /api/admin/catalog/4X6PHOTOPRINT/history', json({ success: true, changes: [] }));
    server.on(
      'GET /api/admin/catalog/4X6PHOTOPRINT/price-preview',
      json({
        success: true,
        sku: '4X6PHOTOPRINT',
        size: null,
        currentUsdCents: 39,
        newUsdCents: 0,
        bandGroup: 'upload-panel',
        currentBands: print.bands,
        newBands: print.bands,
        carts: [],
      }),
    );
    const message = 'A price cannot be more than 10000000 USD cents.';
    server.on(
      'PATCH /api/admin/catalog/4X6PHOTOPRINT',
      json({ success: false, error: 'VALIDATION_ERROR', message }, 400),
    );
    renderEditor();
    const price = await screen.findByLabelText('Price (USD cents)');
    await userEvent.clear(price);
    await userEvent.type(price, '99999999');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  describe('quantity bands', () => {
    const serveEditor = () => {
      serveCatalog();
      server.on('GET /api/admin/catalog/4X6PHOTOPRINT/history', json({ success: true, changes: [] }));
      server.on(
        'GET /api/admin/catalog/4X6PHOTOPRINT/price-preview',
        json({
          success: true,
          sku: '4X6PHOTOPRINT',
          size: null,
          currentUsdCents: 39,
          newUsdCents: 39,
          bandGroup: 'upload-panel',
          currentBands: print.bands,
          newBands: [
            { minQuantity: 20, rateBps: 1000 },
            { minQuantity: 100, rateBps: 3000 },
            { minQuantity: 200, rateBps: 4000 },
          ],
          carts: [
            {
              cartId: 'user-7',
              quantity: 25,
              subtotalBeforeUsdCents: 975,
              subtotalAfterUsdCents: 975,
              totalBeforeUsdCents: 975,
              totalAfterUsdCents: 878,
            },
          ],
        }),
      );
    };

    it('given the group’s bands, when one is changed, one added and the preview shown, then Save sends every band in order', async () => {
      serveEditor();
      server.on('PATCH /api/admin/catalog/4X6PHOTOPRINT', json({ success: true, product: print }));
      renderEditor();
      const table = await screen.findByRole('table', { name: /Quantity bands of every print/ });
      expect(within(table).getAllByRole('row')).toHaveLength(3);
      const first = screen.getByLabelText('Band 1 from quantity');
      await userEvent.clear(first);
      await userEvent.type(first, '20');
      const rate = screen.getByLabelText('Band 1 discount (basis points)');
      await userEvent.clear(rate);
      await userEvent.type(rate, '1000');
      expect(within(table).getByTestId('band-row-1')).toHaveTextContent('10%');
      await userEvent.click(screen.getByRole('button', { name: 'Add band' }));
      expect(screen.getByLabelText('Band 3 from quantity')).toHaveValue('200');
      await userEvent.type(screen.getByLabelText('Band 3 discount (basis points)'), '4000');

      const preview = await screen.findByRole('region', { name: 'Price preview' });
      expect(await within(preview).findByText(/1 open cart would change/)).toBeInTheDocument();
      expect(preview).toHaveTextContent('Bands 50+ 20%, 100+ 30% → 20+ 10%, 100+ 30%, 200+ 40%');
      expect(preview).toHaveTextContent('$8.78');
      const asked = server.requests.filter((r) => r.url.includes('price-preview')).at(-1)!;
      const query = new URL(asked.url, 'http://x').searchParams;
      expect(query.get('bands')).toBe('20:1000,100:3000,200:4000');
      expect(query.get('priceUsdCents')).toBeNull();

      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('status')).toHaveTextContent(PRODUCT_EDITOR_MESSAGES.saved);
      expect(JSON.parse(patches()[0]!.body)).toEqual({
        bands: [
          { minQuantity: 20, rateBps: 1000 },
          { minQuantity: 100, rateBps: 3000 },
          { minQuantity: 200, rateBps: 4000 },
        ],
      });
    });

    it('given every band removed, then Save sends none and the table says there is no bulk discount', async () => {
      serveEditor();
      server.on('PATCH /api/admin/catalog/4X6PHOTOPRINT', json({ success: true, product: print }));
      renderEditor();
      await userEvent.click(await screen.findByRole('button', { name: 'Remove band 2' }));
      await userEvent.click(screen.getByRole('button', { name: 'Remove band 1' }));
      expect(screen.getByText('No bands: no bulk discount.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('status')).toHaveTextContent(PRODUCT_EDITOR_MESSAGES.saved);
      expect(JSON.parse(patches()[0]!.body)).toEqual({ bands: [] });
    });

    it('given a band the server refuses, when saved, then its message is on that band’s input', async () => {
      serveEditor();
      const message = 'Each band’s discount is larger than the discount of the band before it.';
      server.on(
        'PATCH /api/admin/catalog/4X6PHOTOPRINT',
        json(
          { success: false, code: 'VALIDATION_ERROR', message, errors: { 'bands.1.rateBps': message } },
          400,
        ),
      );
      renderEditor();
      const rate = await screen.findByLabelText('Band 2 discount (basis points)');
      await userEvent.clear(rate);
      await userEvent.type(rate, '1500');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(rate).toHaveAttribute('aria-invalid', 'true'));
      expect(rate).toHaveAccessibleDescription(message);
      expect(screen.getByLabelText('Band 1 discount (basis points)')).not.toHaveAttribute('aria-invalid');
      expect(JSON.parse(patches()[0]!.body)).toEqual({
        bands: [
          { minQuantity: 50, rateBps: 2000 },
          { minQuantity: 100, rateBps: 1500 },
        ],
      });
    });
  });
});
