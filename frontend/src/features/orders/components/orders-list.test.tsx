// The account's order list says where orders placed as a guest are, with or without orders of its own.
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { OrdersList } from './orders-list';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
});

describe('the account order list', () => {
  it('given no orders in the account, then it points to Track Order for orders placed as a guest', async () => {
    server.on('GET /api/orders', json({ success: true, orders: [] }));
    renderApp(<OrdersList />);
    await screen.findByText('You have not placed any orders yet.');
    const note = screen.getByText(/Orders placed without signing in are not listed here/);
    expect(note.querySelector('a')?.getAttribute('href')).toBe('/track-order');
  });
});
