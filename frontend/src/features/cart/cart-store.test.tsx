// The cart's reset (currency USD, country US) and the cart-key cache limit of 20 (spec 1 §4, §9).
import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { cartAnswer } from '@/test/fixtures';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import {
  CURRENCY_KEY,
  chooseCurrencyAtom,
  countryAtom,
  currencyAtom,
  detectedCountryAtom,
} from '@/lib/currency/currency-store';
import { CART_KEY_LIMIT, CART_QUERY_ROOT, cartQueryKey, useCart } from '@/lib/cart/get-cart';
import { resetCartAtom } from './cart-store';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  configureApiClient({ origin: server.origin });
  server.on('GET /api/cart', json(cartAnswer([{ id: 'a', quantity: 1 }])));
});
afterAll(() => server.close());

function CartQuantity() {
  const cart = useCart();
  return <p>{cart.data ? `quantity ${cart.data.totalQuantity}` : 'loading'}</p>;
}

describe('cart state', () => {
  it('given EUR chosen in Germany, when the cart is reset, then it is USD for the US and the choice is forgotten', () => {
    const { store, queryClient } = renderApp(<CartQuantity />);
    act(() => {
      store.set(chooseCurrencyAtom, 'EUR');
      store.set(detectedCountryAtom, 'DE');
    });
    expect(localStorage.getItem(CURRENCY_KEY)).toBe('EUR');
    act(() => store.set(resetCartAtom, queryClient));
    expect(store.get(currencyAtom)).toBe('USD');
    expect(store.get(countryAtom)).toBe('US');
    expect(localStorage.getItem(CURRENCY_KEY)).toBeNull();
  });

  it(`given more than ${CART_KEY_LIMIT} cached carts, when the cart loads, then only the current one is kept`, async () => {
    const { queryClient } = renderApp(<CartQuantity />);
    await screen.findByText('quantity 1');
    for (const country of [
      'AT',
      'BE',
      'CH',
      'CY',
      'CZ',
      'DE',
      'DK',
      'EE',
      'ES',
      'FI',
      'FR',
      'GB',
      'GR',
      'HR',
      'HU',
      'IE',
      'IT',
      'LT',
      'LU',
      'LV',
      'MT',
    ]) {
      queryClient.setQueryData(cartQueryKey('EUR', country), cartAnswer([]));
    }
    const count = () => queryClient.getQueryCache().findAll({ queryKey: [CART_QUERY_ROOT] }).length;
    expect(count()).toBe(22);
    await act(() => queryClient.invalidateQueries({ queryKey: cartQueryKey('USD', 'US') }));
    await waitFor(() => expect(count()).toBe(1));
    expect(queryClient.getQueryData(cartQueryKey('USD', 'US'))).toBeDefined();
  });
});
