// The cart's promo code field: a refused code shows the server's message on the field; an accepted
// one shows its own discount line in the summary and a Remove button that takes it off again.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartDto } from '@printshop/shared-events/api/cart';
import { configureApiClient } from '@/lib/api-client';
import { cartAnswer } from '@/test/fixtures';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
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

/** 10 posters at 1.78 (17.80), with SUMMER10 taking 1.78 off when `promotion` is set. */
function cartWith(promotion?: CartDto['promotion']) {
  const cart = cartAnswer([{ id: 'a', quantity: 10 }]);
  if (!promotion) return cart;
  const discount = promotion.message === null ? promotion.discount : 0;
  return { ...cart, promotion, discount, grandTotal: cart.grandTotal - discount };
}

const summary = () => within(screen.getByRole('complementary', { name: 'Order summary' }));

describe('PromoCode in the cart', () => {
  it('given an unknown code, when applied, then the field shows the server message and no discount appears', async () => {
    server.on('GET /api/cart', json(cartWith()));
    server.on(
      'POST /api/cart/promotion-code',
      json({ success: false, message: 'This code is not valid.', code: 'PROMOTION_UNKNOWN' }, 422),
    );
    const user = userEvent.setup();
    renderApp(<CartView />);

    await user.type(await screen.findByRole('textbox', { name: 'Promo code' }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This code is not valid.');
    expect(screen.getByRole('textbox', { name: 'Promo code' })).toHaveAccessibleDescription(
      'This code is not valid.',
    );
    expect(summary().queryByText(/^Code /)).not.toBeInTheDocument();
    const sent = server.requests.find((r) => r.method === 'POST');
    expect(JSON.parse(sent!.body)).toEqual({ code: 'nope' });
  });

  it('given SUMMER10, when applied, then the summary shows "Code SUMMER10 −$1.78" and Remove takes it off', async () => {
    let promotion: CartDto['promotion'];
    server.on('GET /api/cart', () => json(cartWith(promotion)));
    server.on('POST /api/cart/promotion-code', () => {
      promotion = { code: 'SUMMER10', discount: 1.78, message: null };
      return json({ success: true, code: 'SUMMER10', discount: 1.78, currency: 'USD' });
    });
    server.on('DELETE /api/cart/promotion-code', () => {
      promotion = undefined;
      return json({ success: true });
    });
    const user = userEvent.setup();
    renderApp(<CartView />);

    await user.type(await screen.findByRole('textbox', { name: 'Promo code' }), 'summer10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const line = await summary().findByText('Code SUMMER10');
    expect(line.nextElementSibling).toHaveTextContent('−$1.78');
    expect(summary().queryByText('Bulk discount')).not.toBeInTheDocument();
    expect(screen.getByText(/applied/)).toHaveTextContent('Code SUMMER10 applied');

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('textbox', { name: 'Promo code' })).toBeInTheDocument();
    await waitFor(() => expect(summary().queryByText('Code SUMMER10')).not.toBeInTheDocument());
  });

  it('given a code set on a cart that fell below its minimum, then its message shows and no discount', async () => {
    const message = 'Add $2.20 more to use this code.';
    server.on('GET /api/cart', json(cartWith({ code: 'BIG20', discount: 0, message })));
    renderApp(<CartView />);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(summary().queryByText('Code BIG20')).not.toBeInTheDocument();
  });
});
