// Helpers of the tracking tests: a real Conversions-API-style sink (a node:http server on a free
// local port) that keeps what it is sent and can be told to fail, and valid bodies of each call.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TrackingKind } from '@printshop/shared-events/events/tracking';

export interface SinkRequest {
  authorization: string | undefined;
  contentType: string | undefined;
  /** The parsed JSON body: {data: [event]}. */
  body: { data: Array<Record<string, unknown> & { event_id: string; event_name: string }> };
}

export interface TestSink {
  url: string;
  /** Requests answered 200, in arrival order. */
  received: SinkRequest[];
  /** Requests answered with an error (failNext). */
  refused: SinkRequest[];
  /** The next `count` requests are answered `status` (503: try again later). */
  failNext(count: number, status?: number): void;
  /** The accepted events with this event id. */
  events(eventId: string): SinkRequest['body']['data'];
  close(): Promise<void>;
}

export async function startSink(): Promise<TestSink> {
  let failures = 0;
  let failStatus = 503;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: SinkRequest = {
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as SinkRequest['body'],
      };
      if (failures > 0) {
        failures--;
        sink.refused.push(request);
        res.writeHead(failStatus, { 'content-type': 'application/json' }).end('{"error":"try later"}');
        return;
      }
      sink.received.push(request);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"events_received":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sink: TestSink = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    received: [],
    refused: [],
    failNext(count, status = 503) {
      failures = count;
      failStatus = status;
    },
    events: (eventId) => sink.received.flatMap((r) => r.body.data).filter((e) => e.event_id === eventId),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return sink;
}

const product = { sku: 'POSTERA4', name: 'A4 Poster', price: 1.78, currency: 'USD' };

const browser = {
  user_agent: 'Mozilla/5.0 (tracking test)',
  referer: null,
  event_source_url: 'https://shop.example/product/poster-a4',
  user_data: { fbp: 'fb.1.1700000000000.123456789', fbc: null },
};

interface BodyOptions {
  eventId: string;
  orderNumber?: string;
}

const bodies = {
  'add-to-cart': ({ eventId }: BodyOptions) => ({
    item: { sku: product.sku, quantity: 2, name: product.name, price: product.price, currency: 'USD' },
    event_id: eventId,
    user: null,
    ...browser,
  }),
  'begin-checkout': ({ eventId }: BodyOptions) => ({
    cartDetails: {
      items: [{ sku: product.sku, name: product.name, quantity: 1, pricePerUnit: product.price }],
      subtotal: 1.78,
      grandTotal: 11.78,
      currency: 'USD',
    },
    user: null,
    event_id: eventId,
    ...browser,
  }),
  purchase: ({ eventId, orderNumber }: BodyOptions) => ({
    orderDetails: {
      order_number: orderNumber ?? `PS-${randomUUID().slice(0, 8).toUpperCase()}`,
      total_amount: 11.78,
      currency: 'USD',
      items: [
        { sku: product.sku, name: product.name, price_per_unit: 1.78, quantity: 1, category: 'Posters' },
      ],
    },
    event_id: eventId,
    page_path: '/order-success',
    page_location: 'https://shop.example/order-success',
    page_title: 'Thank you',
    user_data: { fbp: 'fb.1.1700000000000.123456789', email: 'buyer@example.com' },
  }),
  'view-content': ({ eventId }: BodyOptions) => ({
    product: { ...product, meta_content_id: 'POSTERA4_12345' },
    event_id: `browser_${eventId}`,
    is_browser_failed: false,
    page_path: '/product/poster-a4',
    page_location: 'https://shop.example/product/poster-a4',
    page_title: 'A4 Poster',
    ...browser,
  }),
} satisfies Record<TrackingKind, (o: BodyOptions) => object>;

/** A valid body of each call; `event_id` fresh unless given. */
export function trackingBody<K extends TrackingKind>(
  kind: K,
  o: { eventId?: string; orderNumber?: string } = {},
): ReturnType<(typeof bodies)[K]> {
  const make = bodies[kind] as (o: BodyOptions) => ReturnType<(typeof bodies)[K]>;
  return make({ ...o, eventId: o.eventId ?? `${kind}_${randomUUID()}` });
}
