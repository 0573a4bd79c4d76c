// The tracking calls of spec 2 §7 over HTTP, through the whole outbox path: call -> event log ->
// tracking reactor -> NATS -> tracking consumer -> a real local Conversions-API-style sink (and the
// tracking_events table). Each kind is 202; bad bodies are 400; a repeated event_id, and the
// browser's and the server's purchase of one order, reach the sink once; contact data arrives
// SHA-256-hashed.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import { TRACKING_BODY_SCHEMAS, trackResponseSchema } from '@printshop/shared-events/api/tracking';
import { trackedCall } from '@printshop/command-service/tracking/tracked-call';
import { orderStreamName } from '@printshop/shared-events/events/order';
import { TRACKING_KINDS, type TrackingKind } from '@printshop/shared-events/events/tracking';
import { TRACKING_TABLE, type TrackingEventRow } from '@printshop/infra/tracking/tracking-consumer';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { appStore } from '../accounts/support';
import { startSink, trackingBody, type TestSink } from './support';

const SINK_TOKEN = 'sink-token-for-tests';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const waitFor = <T>(find: () => T | Promise<T>) => vi.waitFor(find, { timeout: 30_000, interval: 50 });

let sink: TestSink;
let app: TestApp;
beforeAll(async () => {
  sink = await startSink();
  app = await startTestApp({
    label: 'tracking',
    env: { TRACKING_SINK_URL: sink.url, TRACKING_SINK_TOKEN: SINK_TOKEN, TRUST_PROXY: 'true' },
  });
});
afterAll(async () => {
  await app?.stop();
  await sink?.close();
});

async function track(
  target: TestApp,
  kind: TrackingKind,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${target.url}/api/track/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

/** The one event the sink accepted with this id (fails while there is none). */
const arrived = (eventId: string) =>
  waitFor(() => {
    const events = sink.events(eventId);
    if (events.length === 0) throw new Error(`event ${eventId} has not reached the sink`);
    return events[0]!;
  });

const rows = (eventName: string, eventId: string) =>
  app.db<TrackingEventRow>(TRACKING_TABLE).where({ event_name: eventName, event_id: eventId });

/**
 * The event's row once its transaction has committed: the sink hears the event while the
 * consumer's transaction is still open, so the row may show up a moment after.
 */
const storedRows = (eventName: string, eventId: string) =>
  waitFor(async () => {
    const found = await rows(eventName, eventId);
    if (found.length === 0) throw new Error(`${eventId}: no row yet`);
    return found;
  });

/** The consumer has dropped `count` later copies of the event (counted on its row). */
const copiesDropped = (eventName: string, eventId: string, count: number) =>
  waitFor(async () => {
    const [row] = await rows(eventName, eventId);
    if (row?.duplicates !== count)
      throw new Error(`${eventId}: ${row?.duplicates ?? 'no row'} copies dropped`);
  });

const EVENT_NAMES = {
  'add-to-cart': 'AddToCart',
  'begin-checkout': 'InitiateCheckout',
  purchase: 'Purchase',
  'view-content': 'ViewContent',
} as const;

describe('POST /api/track/*', () => {
  it.each(TRACKING_KINDS)(
    'given a valid %s body, then it is 202 and the sink gets the event',
    async (kind) => {
      const body = trackingBody(kind);
      const answer = await track(app, kind, body);
      expect(answer.status).toBe(202);
      expect(trackResponseSchema.parse(answer.body)).toEqual({ success: true });
      expect(Number(answer.headers.get('x-event-position'))).toBeGreaterThan(0);

      const sentId =
        kind === 'purchase'
          ? (body as { orderDetails: { order_number: string } }).orderDetails.order_number
          : body.event_id;
      const event = await arrived(sentId);
      expect(event).toMatchObject({ event_name: EVENT_NAMES[kind], action_source: 'website' });
      expect((event.custom_data as { content_ids: string[] }).content_ids).toEqual([
        kind === 'view-content' ? 'POSTERA4_12345' : 'POSTERA4',
      ]);
    },
  );

  it.each([
    {
      kind: 'add-to-cart',
      field: 'item.sku',
      body: { ...trackingBody('add-to-cart'), item: { quantity: 1 } },
    },
    {
      kind: 'view-content',
      field: 'event_id',
      body: { ...trackingBody('view-content'), event_id: 'no-prefix' },
    },
    {
      kind: 'purchase',
      field: 'orderDetails.total_amount',
      body: {
        ...trackingBody('purchase'),
        orderDetails: { order_number: 'X', total_amount: -1, currency: 'USD', items: [] },
      },
    },
    { kind: 'begin-checkout', field: 'event_id', body: { cartDetails: { items: [] } } },
  ] as const)('given a bad $kind body, then it is 400 naming $field', async ({ kind, body, field }) => {
    const answer = await track(app, kind, body);
    expect(answer.status).toBe(400);
    const error = errorResponseSchema.parse(answer.body);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(error.errors ?? {})).toContain(field);
  });

  it('given the same event_id twice, then both are 202 and the event is stored and forwarded once', async () => {
    const body = trackingBody('add-to-cart');
    expect((await track(app, 'add-to-cart', body)).status).toBe(202);
    expect((await track(app, 'add-to-cart', { ...body, item: { ...body.item, quantity: 9 } })).status).toBe(
      202,
    );
    // The copy is dropped at the log already: its stream exists, so the consumer never sees it.
    const { streamName } = trackedCall('add-to-cart', TRACKING_BODY_SCHEMAS['add-to-cart'].parse(body), {
      receivedAt: new Date(),
    });
    const recorded = await appStore(app).readStream(streamName);
    expect(recorded.map((e) => e.type)).toEqual(['TrackingEventReceived']);
    expect(recorded[0]!.data).toMatchObject({ body: { item: { quantity: 2 } } });
    await arrived(body.event_id);
    expect(sink.events(body.event_id)).toHaveLength(1);
    expect(await storedRows('AddToCart', body.event_id)).toMatchObject([{ duplicates: 0 }]);
  });

  it('given contact data, then the sink gets it SHA-256-hashed (trimmed, lower-cased), with the bearer token, address and user agent', async () => {
    const body = trackingBody('add-to-cart');
    const answer = await track(
      app,
      'add-to-cart',
      {
        ...body,
        user_data: { ...body.user_data, email: '  Ada.Lovelace@Example.COM ', phone: '+1 (555) 010-0199' },
      },
      { 'x-forwarded-for': '203.0.113.50' },
    );
    expect(answer.status).toBe(202);
    const event = await arrived(body.event_id);
    const request = sink.received.find((r) => r.body.data.some((e) => e.event_id === body.event_id))!;
    expect(request.authorization).toBe(`Bearer ${SINK_TOKEN}`);
    expect(request.contentType).toMatch(/^application\/json/);
    expect(event.user_data).toMatchObject({
      em: [sha256('ada.lovelace@example.com')],
      ph: [sha256('15550100199')],
      client_ip_address: '203.0.113.50',
      client_user_agent: 'Mozilla/5.0 (tracking test)',
      fbp: 'fb.1.1700000000000.123456789',
    });
    expect(event.custom_data).toMatchObject({ value: 3.56, currency: 'USD', num_items: 2 });
    // Nor does the event log keep the address in the clear.
    const { events } = await appStore(app).readAll({
      fromPosition: Number(answer.headers.get('x-event-position')) - 1,
      maxCount: 1,
    });
    expect(JSON.stringify(events[0]!.data)).not.toMatch(/lovelace/i);
  });

  it('given the sink is down once, when an event comes, then it arrives once after the bus retries', async () => {
    sink.failNext(1);
    const body = trackingBody('view-content');
    expect((await track(app, 'view-content', body)).status).toBe(202);
    await arrived(body.event_id);
    expect(sink.refused.some((r) => r.body.data.some((e) => e.event_id === body.event_id))).toBe(true);
    expect(sink.events(body.event_id)).toHaveLength(1);
    const [row] = await storedRows('ViewContent', body.event_id);
    expect(row).toMatchObject({ sink_status: 200, sink_error: null });
    expect(row!.forwarded_at).toBeInstanceOf(Date);
  });
});

describe('purchases: browser and server', () => {
  /** An order placed and paid, as the checkout writes it; the tracking reactor sees its OrderPaid. */
  async function paidOrder(orderNumber: string, email: string) {
    const orderId = randomUUID();
    const at = new Date().toISOString();
    await appStore(app).appendToStream(
      orderStreamName(orderId),
      [
        {
          type: 'OrderPlaced',
          data: {
            orderId,
            orderNumber,
            checkoutId: randomUUID(),
            cartId: `g-${randomUUID()}`,
            email,
            lines: [
              {
                lineId: 'l1',
                sku: 'POSTERA4',
                name: 'A4 Poster',
                quantity: 2,
                unitPrice: 178,
                lineTotal: 356,
                unitPriceUsd: 178,
                croppedImageId: randomUUID(),
              },
            ],
            amounts: {
              currency: 'USD',
              subtotal: 356,
              discount: 0,
              loyaltyDiscount: 0,
              loyaltyPoints: 0,
              shipping: 1000,
              total: 1356,
              usdPaidSubtotal: 356,
              usdTotal: 1356,
              rate: 1,
            },
            shippingAddress: {
              fullName: 'Bea Buyer',
              phone: '+1 555 010 0142',
              line1: '1 Main St',
              city: 'Springfield',
              postalCode: '12345',
              country: 'US',
            },
            payment: { provider: 'stripe', paymentId: `pi_${randomUUID()}`, testMode: true },
            placedAt: at,
          },
        },
        { type: 'OrderPaid', data: { orderId, amount: 1356, currency: 'USD', at } },
      ],
      { expectedRevision: 'no_stream' },
    );
  }

  const orderNumber = () => `PS-${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;

  it('given the browser reports a purchase and then the order is paid, then the sink gets that order once: the browser one', async () => {
    const number = orderNumber();
    const body = trackingBody('purchase', { orderNumber: number });
    expect((await track(app, 'purchase', body)).status).toBe(202);
    // A second browser report (another tab, same order) with another event_id.
    expect((await track(app, 'purchase', trackingBody('purchase', { orderNumber: number }))).status).toBe(
      202,
    );
    await arrived(number);
    await paidOrder(number, 'bea@example.com');
    await copiesDropped('Purchase', number, 1);
    const events = sink.events(number);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event_name: 'Purchase',
      user_data: { em: [sha256('buyer@example.com')] },
    });
    expect(await storedRows('Purchase', number)).toMatchObject([{ source: 'browser' }]);
  });

  it('given the order is paid and then the browser reports it, then the sink gets it once: the server one, with the order amounts', async () => {
    const number = orderNumber();
    await paidOrder(number, 'Bea.Buyer@Example.com');
    const event = await arrived(number);
    expect(event).toMatchObject({
      event_name: 'Purchase',
      user_data: { em: [sha256('bea.buyer@example.com')], ph: [sha256('15550100142')] },
      custom_data: { value: 13.56, currency: 'USD', order_id: number, num_items: 2 },
    });
    expect((await track(app, 'purchase', trackingBody('purchase', { orderNumber: number }))).status).toBe(
      202,
    );
    await copiesDropped('Purchase', number, 1);
    expect(sink.events(number)).toHaveLength(1);
    expect(await rows('Purchase', number)).toMatchObject([{ source: 'server' }]);
  });
});

describe('without TRACKING_SINK_URL', () => {
  it('given a tracking call, then the event is kept in tracking_events for admins', async () => {
    const local = await startTestApp({ label: 'tracking_table' });
    try {
      const body = trackingBody('begin-checkout');
      expect((await track(local, 'begin-checkout', body)).status).toBe(202);
      const row = await waitFor(async () => {
        const found = await local
          .db<TrackingEventRow>(TRACKING_TABLE)
          .where({ event_name: 'InitiateCheckout', event_id: body.event_id })
          .first();
        if (!found) throw new Error('not stored yet');
        return found;
      });
      expect(row).toMatchObject({ source: 'browser', sink_status: null, forwarded_at: null });
      expect(row.event.custom_data).toMatchObject({ value: 11.78, currency: 'USD', num_items: 1 });
    } finally {
      await local.stop();
    }
  });
});
