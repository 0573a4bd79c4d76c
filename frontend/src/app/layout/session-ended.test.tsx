// A session refused while the shop is open (signed out on another device, password changed): the
// cart page shows the guest's cart instead of an endless 'Try again', and the page says the session
// ended, with a sign-in link that comes back here.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { TOKEN_KEY, USER_KEY } from '@/lib/session/session-store';
import { CartView } from '@/features/cart/components/cart-view';
import { SESSION_ENDED, SessionEndedNotice } from '@/features/session/components/session-ended-notice';
import { cartAnswer, testUser } from '@/test/fixtures';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
  localStorage.setItem(TOKEN_KEY, 'revoked-token');
  localStorage.setItem(USER_KEY, JSON.stringify(testUser));
  // The gateway refuses the ended session's token; without one it answers the guest's cart.
  server.on('GET /api/cart', (request) =>
    request.headers.authorization
      ? json({ success: false, message: SESSION_ENDED, code: 'UNAUTHORIZED' }, 401)
      : json(cartAnswer([])),
  );
});

const cartPage = () => (
  <>
    <SessionEndedNotice />
    <CartView />
  </>
);

describe('a session that ended while the shop was open', () => {
  it('given the cart page, when the server refuses the token, then the guest cart shows with the notice and a sign-in link back to the cart', async () => {
    const { history } = renderApp(cartPage(), { path: '/cart' });

    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByText(SESSION_ENDED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    const guestRead = server.requests.at(-1)!;
    expect(guestRead.headers.authorization).toBeUndefined();

    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    expect(history.location.state).toMatchObject({ from: { pathname: '/cart' } });
  });

  it('given the notice, when it is dismissed, then it goes', async () => {
    renderApp(cartPage(), { path: '/cart' });
    await screen.findByText(SESSION_ENDED);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(SESSION_ENDED)).not.toBeInTheDocument();
  });
});
