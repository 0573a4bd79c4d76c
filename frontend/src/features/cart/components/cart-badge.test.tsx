// The cart badge (spec 1 §2): '...' while loading, the count, smaller text at 100 or more; and the
// count read from GET /api/cart, reloaded when the currency changes.
import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { chooseCurrencyAtom } from '@/lib/currency/currency-store';
import { useCartCount, useCartRefreshOnCurrencyChange } from '../use-cart-count';
import { CartBadge } from './cart-badge';

const badge = () => screen.queryByTestId('cart-badge');

describe('CartBadge', () => {
  it('given loading, then it shows ...', () => {
    renderApp(<CartBadge count={0} loading />);
    expect(badge()).toHaveTextContent('...');
    expect(screen.getByRole('link', { name: 'Cart, loading item count' })).toHaveAttribute('href', '/cart');
  });

  it('given 3 items, then it shows 3 in normal text', () => {
    renderApp(<CartBadge count={3} loading={false} />);
    expect(badge()).toHaveTextContent('3');
    expect(badge()).not.toHaveClass('cart-badge--small');
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
  });

  it('given 99 then 100 items, then the text gets smaller only at 100', () => {
    const { unmount } = renderApp(<CartBadge count={99} loading={false} />);
    expect(badge()).not.toHaveClass('cart-badge--small');
    unmount();
    renderApp(<CartBadge count={100} loading={false} />);
    expect(badge()).toHaveTextContent('100');
    expect(badge()).toHaveClass('cart-badge--small');
  });

  it('given an empty cart, then no number shows', () => {
    renderApp(<CartBadge count={0} loading={false} />);
    expect(badge()).toBeNull();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });
});

describe('the cart count from the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    configureApiClient({ origin: server.origin, getToken: () => null });
  });
  afterAll(() => server.close());

  const cart = (currency: string, quantities: number[]) => ({
    success: true,
    cartId: 'c1',
    currency,
    country: 'US',
    items: quantities.map((quantity, i) => ({
      id: `l${i}`,
      sku: 'POSTERA4',
      name: 'A4 Poster | Customized Poster Print',
      quantity,
      pricePerUnit: 1.78,
      lineTotal: 1.78 * quantity,
      cropped_image_id: `img${i}`,
      imageUrl: `/images/img${i}`,
    })),
    totalQuantity: quantities.reduce((a, b) => a + b, 0),
    subtotal: 0,
    discount: 0,
    shippingFee: 0,
    grandTotal: 0,
    freeShippingThreshold: 50,
    shippingInfo: {
      country: 'US',
      countryName: 'United States',
      zone: 'north_america',
      baseRate: 10,
      freeShippingThreshold: 50,
      isFree: false,
      estimatedDays: { min: 10, max: 15 },
    },
  });

  function HeaderCart() {
    useCartRefreshOnCurrencyChange();
    const { count, loading } = useCartCount();
    return <CartBadge count={count} loading={loading} />;
  }

  it('given the cart is loading, then ..., then its total quantity; a currency change reloads it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.on('GET /api/cart', (r) =>
      r.url.includes('currency=EUR')
        ? json(cart('EUR', [2, 5]))
        : { ...json(cart('USD', [1, 2])), wait: held },
    );
    const { store } = renderApp(<HeaderCart />);
    expect(badge()).toHaveTextContent('...');
    release();
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    expect(server.requests.at(-1)?.url).toBe('/api/cart?currency=USD&country=US');

    act(() => store.set(chooseCurrencyAtom, 'EUR'));
    await waitFor(() => expect(badge()).toHaveTextContent('7'));
    expect(server.requests.some((r) => r.url === '/api/cart?currency=EUR&country=US')).toBe(true);
  });
});
