// The cart page (spec 1 §2-§4, §8): lines, totals, shipping progress, the quantity stepper (0
// removes), reloads after every change, and the cart's error messages.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { arrivesText } from '@printshop/shared-events/rules/delivery';
import { UNLISTED_COUNTRY_MESSAGE } from '@printshop/shared-events/rules/shipping';
import { configureApiClient } from '@/lib/api-client';
import { cartAnswer } from '@/test/fixtures';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { CART_MESSAGES } from '@/lib/cart/cart-messages';
import { COUNTRY_KEY } from '@/lib/currency/currency-store';
import { CartView } from './cart-view';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
});

const isCartRead = (r: { method: string; url: string }) =>
  r.method === 'GET' && r.url.startsWith('/api/cart');
/**
 * Whether the cart was read again after the change (the first request of `method`). Not a count of
 * reads: the page may read the cart once more on its own (its country settling), which a loaded
 * machine can put after the change.
 */
const cartReadAfter = (method: string) => {
  const change = server.requests.findIndex((r) => r.method === method);
  return change >= 0 && server.requests.slice(change + 1).some(isCartRead);
};

describe('CartView', () => {
  it('given two lines, then it shows each photo, name, quantity and the totals with the free-shipping progress', async () => {
    server.on(
      'GET /api/cart',
      json(
        cartAnswer([
          { id: 'a', quantity: 2 },
          { id: 'b', quantity: 1, name: 'A3 Poster', sku: 'POSTERA3' },
        ]),
      ),
    );
    renderApp(<CartView />);
    expect(await screen.findByRole('heading', { name: 'A4 Poster' })).toBeInTheDocument();
    expect(screen.getByAltText('Your photo for A4 Poster')).toHaveAttribute('src', '/api/images/img-a?w=256');
    expect(screen.getByRole('spinbutton', { name: 'Quantity of A4 Poster' })).toHaveValue(2);
    const totals = within(screen.getByRole('complementary', { name: 'Order summary' }));
    expect(totals.getByText('Subtotal').nextSibling).toHaveTextContent('$5.34');
    expect(totals.getByText('Shipping').nextSibling).toHaveTextContent('$10.00');
    expect(totals.getByText('Grand total').nextSibling).toHaveTextContent('$15.34');
    expect(screen.getByText(/more for free shipping/)).toHaveTextContent(
      'Add $44.66 more for free shipping.',
    );
    // Every amount is marked as a price (components/price.tsx).
    expect(screen.getByText('$44.66')).toHaveAttribute('data-price');
    // The date is read after mount (a prerendered page must not bake one in).
    await waitFor(() =>
      expect(screen.getByTestId('delivery-promise')).toHaveTextContent(
        arrivesText(new Date(), { min: 10, max: 15 }),
      ),
    );
    expect(screen.getByRole('progressbar', { name: 'Progress to free shipping' })).toHaveAttribute(
      'aria-valuenow',
      '11',
    );
  });

  it('given lines of two products, then they are grouped by product, each line with its photo', async () => {
    server.on(
      'GET /api/cart',
      json(
        cartAnswer([
          { id: 'a', quantity: 2 },
          { id: 'p', quantity: 5, name: '4x6 Photo Prints', sku: '4X6PHOTOPRINT' },
          { id: 'b', quantity: 1 },
        ]),
      ),
    );
    renderApp(<CartView />);
    const posters = (await screen.findByRole('heading', { name: /^A4 Poster/ })).closest('li')!;
    expect(posters).toHaveTextContent('A4 Poster · 2 photos, quantity 3');
    expect(
      within(posters)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/api/images/img-a?w=256', '/api/images/img-b?w=256']);
    expect(within(posters).getByRole('spinbutton', { name: 'Quantity of A4 Poster, photo 2' })).toHaveValue(
      1,
    );
    const prints = screen.getByRole('heading', { name: '4x6 Photo Prints' }).closest('li')!;
    expect(within(prints).getAllByRole('img')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'A4 Poster · 2 photos, quantity 3',
      '4x6 Photo Prints',
    ]);
  });

  it('given an empty cart, then it says so and offers to start creating', async () => {
    server.on('GET /api/cart', json(cartAnswer([])));
    renderApp(<CartView />);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Creating' })).toHaveAttribute('href', '/prints');
  });

  it('given a country without its own shipping rule, then the unlisted-country note shows', async () => {
    const cart = cartAnswer([{ id: 'a', quantity: 1 }], { country: 'BR' });
    cart.shippingInfo = {
      ...cart.shippingInfo,
      country: 'BR',
      countryName: 'Rest of World',
      zone: 'rest_of_world',
    };
    server.on('GET /api/cart', json(cart));
    renderApp(<CartView />);
    expect(await screen.findByText(UNLISTED_COUNTRY_MESSAGE)).toBeInTheDocument();
  });

  it('given the US guessed, when India is chosen to ship to, then the cart is read for IN and the choice kept', async () => {
    server.on('GET /api/cart', (request) => {
      const country = new URL(request.url, server.origin).searchParams.get('country') ?? 'US';
      return json(cartAnswer([{ id: 'a', quantity: 1 }], { country }));
    });
    renderApp(<CartView />);
    const shipTo = await screen.findByRole('combobox', { name: 'Shipping to' });
    expect(shipTo).toHaveValue('US');
    await userEvent.selectOptions(shipTo, 'India');
    await waitFor(() =>
      expect(server.requests.some((r) => isCartRead(r) && r.url.includes('country=IN'))).toBe(true),
    );
    expect(screen.getByRole('combobox', { name: 'Shipping to' })).toHaveValue('IN');
    expect(localStorage.getItem(COUNTRY_KEY)).toBe('IN');
  });

  it('when + is pressed, then the new quantity is sent and the cart reloaded', async () => {
    let quantity = 1;
    server.on('GET /api/cart', () => json(cartAnswer([{ id: 'a', quantity }])));
    server.on('PUT /api/cart/item/a', (request) => {
      quantity = (JSON.parse(request.body) as { quantity: number }).quantity;
      return json({ success: true });
    });
    renderApp(<CartView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Increase quantity of A4 Poster' }));
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: 'Quantity of A4 Poster' })).toHaveValue(2),
    );
    // The field shows the tap at once; the change is sent and the cart read again.
    await waitFor(() => expect(server.requests.find((r) => r.method === 'PUT')?.body).toBe('{"quantity":2}'));
    await waitFor(() => expect(cartReadAfter('PUT')).toBe(true));
  });

  it('when − is pressed at quantity 1, then the line is removed (DELETE) and the cart reloaded', async () => {
    let lines = [{ id: 'a', quantity: 1 }];
    server.on('GET /api/cart', () => json(cartAnswer(lines)));
    server.on('DELETE /api/cart/item/a', () => {
      lines = [];
      return json({ success: true });
    });
    renderApp(<CartView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove A4 Poster' }));
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('when a quantity of 0 is typed, then the line is removed', async () => {
    server.on('GET /api/cart', json(cartAnswer([{ id: 'a', quantity: 3 }])));
    server.on('DELETE /api/cart/item/a', json({ success: true }));
    renderApp(<CartView />);
    const input = await screen.findByRole('spinbutton', { name: 'Quantity of A4 Poster' });
    await userEvent.clear(input);
    await userEvent.type(input, '0{Enter}');
    await waitFor(() => expect(server.requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("given the server refuses a change without a message, then 'Failed to update item quantity.' shows and the cart is reloaded", async () => {
    server.on('GET /api/cart', json(cartAnswer([{ id: 'a', quantity: 1 }])));
    server.on('PUT /api/cart/item/a', { status: 500, body: '' });
    renderApp(<CartView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Increase quantity of A4 Poster' }));
    expect(await screen.findByText(CART_MESSAGES.updateFailed)).toBeInTheDocument();
    await waitFor(() => expect(cartReadAfter('PUT')).toBe(true));
  });

  it('given the server refuses with its own message, then that message shows', async () => {
    server.on('GET /api/cart', json(cartAnswer([{ id: 'a', quantity: 1 }])));
    server.on(
      'DELETE /api/cart/item/a',
      json({ success: false, message: 'Cart item not found.', code: 'NOT_FOUND' }, 404),
    );
    renderApp(<CartView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove A4 Poster' }));
    expect(await screen.findByText('Cart item not found.')).toBeInTheDocument();
  });

  it("when Remove all meets a line the server refuses, then 'Failed to remove item {id} from cart.' names it", async () => {
    server.on(
      'GET /api/cart',
      json(
        cartAnswer([
          { id: 'a', quantity: 1 },
          { id: 'b', quantity: 1 },
        ]),
      ),
    );
    server.on('DELETE /api/cart/item/a', json({ success: true }));
    server.on('DELETE /api/cart/item/b', { status: 500, body: '' });
    renderApp(<CartView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove all' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove everything from your cart?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove all' }));
    expect(await screen.findByText(CART_MESSAGES.removeOneFailed('b'))).toBeInTheDocument();
  });

  it('when Remove all is tapped and the question cancelled, then nothing is removed', async () => {
    server.on('GET /api/cart', json(cartAnswer([{ id: 'a', quantity: 2 }])));
    renderApp(<CartView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove all' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove everything from your cart?' });
    expect(dialog).toHaveTextContent('2 items and their photos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('spinbutton', { name: 'Quantity of A4 Poster' })).toHaveValue(2);
  });

  it("given the cart answer fails without a message, then 'Failed to fetch cart.' shows", async () => {
    server.on('GET /api/cart', json({ success: false }, 500));
    renderApp(<CartView />);
    expect(await screen.findByText(CART_MESSAGES.fetchFailed)).toBeInTheDocument();
  });

  it("given the server cannot be reached, then 'An error occurred while fetching the cart.' shows", async () => {
    const gone = await startTestServer();
    await gone.close();
    configureApiClient({ origin: gone.origin });
    renderApp(<CartView />);
    expect(await screen.findByText(CART_MESSAGES.fetchError)).toBeInTheDocument();
  });

  it('when + is tapped three times before the first change is saved, then the cart ends at 4, in two changes', async () => {
    let quantity = 1;
    let release: () => void = () => undefined;
    const firstSaved = new Promise<void>((resolve) => (release = resolve));
    server.on('GET /api/cart', () => json(cartAnswer([{ id: 'a', quantity }])));
    server.on('PUT /api/cart/item/a', (request) => {
      quantity = (JSON.parse(request.body) as { quantity: number }).quantity;
      return { ...json({ success: true }), wait: firstSaved };
    });
    renderApp(<CartView />);
    const plus = await screen.findByRole('button', { name: 'Increase quantity of A4 Poster' });
    await userEvent.click(plus);
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true));
    await userEvent.click(plus);
    await userEvent.click(plus);
    const box = screen.getByRole('spinbutton', { name: 'Quantity of A4 Poster' });
    expect(box).toHaveValue(4);

    release();
    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
        '{"quantity":2}',
        '{"quantity":4}',
      ]),
    );
    await waitFor(() => expect(cartReadAfter('PUT')).toBe(true));
    await waitFor(() => expect(quantity).toBe(4));
    expect(box).toHaveValue(4);
  });
});
