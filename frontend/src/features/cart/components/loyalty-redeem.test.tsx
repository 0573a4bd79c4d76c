// The points shown beside the cart: once points are set on the cart, the balance shown is what is
// left (the points leave the stored balance only when the order is paid).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { cartAnswer } from '@/test/fixtures';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { LoyaltyRedeem } from './loyalty-redeem';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => configureApiClient({ origin: server.origin }));

describe('LoyaltyRedeem', () => {
  it('given 800 points, when 600 are redeemed on the cart, then 200 points are left', async () => {
    let used = 0;
    server.on(
      'GET /api/loyalty/status',
      json({ success: true, balance: 800, valuePerPoint: 0.01, earnRate: 1, history: [] }),
    );
    server.on('GET /api/cart', () =>
      json({ ...cartAnswer([{ id: 'l1', quantity: 20 }]), loyaltyPointsUsed: used }),
    );
    server.on('POST /api/loyalty/redeem', () => {
      used = 600;
      return json({ success: true, balance: 800, discount: 6, pointsApplied: 600 });
    });
    const user = userEvent.setup();
    renderApp(<LoyaltyRedeem />);
    expect(await screen.findByTestId('points-balance')).toHaveTextContent(
      'You have 800 points, worth $8.00.',
    );

    await user.type(screen.getByRole('spinbutton', { name: /Points to redeem/ }), '600');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('600 points applied to your cart.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('points-balance')).toHaveTextContent(
        'You have 200 points left, worth $2.00 (600 used on this cart).',
      ),
    );
  });

  it.each([
    [1, 'You have 1 point, worth $0.01.'],
    [2, 'You have 2 points, worth $0.02.'],
    [1000, 'You have 1,000 points, worth $10.00.'],
  ])('given a balance of %i, when the cart shows, then the count reads "%s"', async (balance, text) => {
    server.on(
      'GET /api/loyalty/status',
      json({ success: true, balance, valuePerPoint: 0.01, earnRate: 1, history: [] }),
    );
    server.on('GET /api/cart', () =>
      json({ ...cartAnswer([{ id: 'l1', quantity: 20 }]), loyaltyPointsUsed: 0 }),
    );
    renderApp(<LoyaltyRedeem />);
    expect(await screen.findByTestId('points-balance')).toHaveTextContent(text);
  });
});
