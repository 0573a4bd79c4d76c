// View-content tracking: one event per product shown, in the shopper's currency, on a prerendered
// page as much as on one rendered in the browser.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productBySku, type Product } from '@printshop/shared-events/rules/catalog';
import { CURRENCY_KEY } from '@/lib/currency/currency-store';
import { trackViewContent } from '@/lib/tracking/track-product';
import { useProductViewTracking } from './use-product-view-tracking';

vi.mock('@/lib/tracking/track-product', () => ({ trackViewContent: vi.fn(async () => true) }));
const tracked = vi.mocked(trackViewContent);

function Probe({ product, path }: { product: Product; path: string }) {
  useProductViewTracking(product, path);
  return <h1>{product.name}</h1>;
}

/** The page as the app wraps it; one store and query client for all its renders. */
function page() {
  const store = createStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return (product: Product, path: string) => (
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>
        <Probe product={product} path={path} />
      </Provider>
    </QueryClientProvider>
  );
}

const A4 = productBySku('POSTERA4')!;
const A3 = productBySku('POSTERA3')!;

describe('the product view as tracked', () => {
  beforeEach(() => localStorage.setItem(CURRENCY_KEY, 'INR'));
  afterEach(() => {
    localStorage.clear();
    tracked.mockClear();
  });

  it('given a prerendered page hydrated for a shopper who chose rupees, then one view is tracked, in rupees', () => {
    const at = page();
    const container = document.createElement('div');
    container.innerHTML = renderToString(at(A4, '/product/poster-a4'));
    document.body.append(container);
    render(at(A4, '/product/poster-a4'), { container, hydrate: true });
    expect(tracked).toHaveBeenCalledTimes(1);
    expect(tracked.mock.calls[0]![0]).toMatchObject({ sku: 'POSTERA4', currency: 'INR' });
  });

  it('given the live catalog answering (the same product, a new object), then no second view is tracked; another product is', () => {
    const at = page();
    const { rerender } = render(at(A4, '/product/poster-a4'));
    rerender(at({ ...A4, basePriceUsdCents: A4.basePriceUsdCents + 1 }, '/product/poster-a4'));
    expect(tracked).toHaveBeenCalledTimes(1);
    rerender(at(A3, '/product/poster-a3'));
    expect(tracked).toHaveBeenCalledTimes(2);
    expect(tracked.mock.calls.map(([product]) => [product.sku, product.currency])).toEqual([
      ['POSTERA4', 'INR'],
      ['POSTERA3', 'INR'],
    ]);
  });
});
