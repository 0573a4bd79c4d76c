// Purchase tracking (spec 2 §7): once per order number, remembered in local storage.
import { waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAnswer } from '@/test/fixtures';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { configureApiClient } from '../api-client';
import { TRACKED_ORDERS_KEY, trackPurchaseOnce } from './purchase-tracking';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  configureApiClient({ origin: server.origin, getToken: () => null });
  server.on('POST /api/track/purchase', json({ success: true }, 202));
});
afterAll(() => server.close());

describe('trackPurchaseOnce', () => {
  it('given the same order twice, then one purchase is sent, with the order details', async () => {
    const order = orderAnswer({ orderNumber: 'PS-777' });
    expect(trackPurchaseOnce(order, 'u1')).toBe(true);
    expect(trackPurchaseOnce(order, 'u1')).toBe(false);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    const body = JSON.parse(server.requests[0]!.body) as {
      orderDetails: unknown;
      user_data: unknown;
      event_id: unknown;
    };
    expect(body.orderDetails).toEqual({
      order_number: 'PS-777',
      total_amount: 13.56,
      currency: 'USD',
      items: [
        {
          sku: 'POSTERA4',
          name: 'A4 Poster | Customized Poster Print',
          price_per_unit: 1.78,
          quantity: 2,
          category: null,
        },
      ],
    });
    expect(body.user_data).toMatchObject({ email: 'ada@example.com', external_id: 'u1' });
    expect(typeof body.event_id).toBe('string');
    expect(JSON.parse(localStorage.getItem(TRACKED_ORDERS_KEY) ?? '[]')).toEqual(['PS-777']);
  });

  it('given the tracking call fails, then nothing is thrown and the order still counts as sent', async () => {
    const gone = await startTestServer();
    await gone.close();
    configureApiClient({ origin: gone.origin });
    expect(trackPurchaseOnce(orderAnswer({ orderNumber: 'PS-778' }))).toBe(true);
    expect(trackPurchaseOnce(orderAnswer({ orderNumber: 'PS-778' }))).toBe(false);
    configureApiClient({ origin: server.origin });
  });
});
