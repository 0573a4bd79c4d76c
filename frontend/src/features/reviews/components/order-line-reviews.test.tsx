// The account order page's reviews: each line is named as the cart and the order's lines name it
// ('A4 Poster', not its catalogue name 'A4 Poster | Customized Poster Print').
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { orderAnswer } from '@/test/fixtures';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { OrderLineReviews } from './order-line-reviews';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.on('GET /api/reviews/mine', json({ success: true, reviews: [] }));
});

const order = () =>
  orderAnswer({
    items: [
      {
        sku: 'POSTERA4',
        lineId: 'l1',
        name: 'A4 Poster | Customized Poster Print',
        quantity: 2,
        pricePerUnit: 1.78,
        lineTotal: 3.56,
      },
    ],
  });

describe('OrderLineReviews', () => {
  it('given a line with a catalogue name, then it shows the short name, as the cart does', async () => {
    const user = userEvent.setup();
    renderApp(<OrderLineReviews order={order()} />);
    const section = screen.getByRole('region', { name: 'Review your products' });
    expect(section).toHaveTextContent('A4 Poster');
    expect(section).not.toHaveTextContent('Customized Poster Print');

    const write = screen.getByRole('button', { name: 'Write a review' });
    await waitFor(() => expect(write).toBeEnabled());
    await user.click(write);
    expect(screen.getByRole('form', { name: 'Review of A4 Poster' })).toBeInTheDocument();
  });
});
