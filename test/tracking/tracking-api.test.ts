// The tracking calls of spec 2 §7 over HTTP, through the whole outbox path: call -> event log ->
// tracking reactor -> NATS -> tracking consumer -> a real local Conversions-API-style sink (and the
// tracking_events table). Each kind is 202; bad bodies are 400; a repeated event_id, and the
// browser's and the server's purchase of one order, reach the sink once; contact data arrives
// SHA-256-hashed. A purchase counts only for an order the caller placed (same user or guest
// session; orders placed through the real checkout in test mode): anything else is stored as an
// UnverifiedPurchase and not forwarded, and a real one carries the order's amounts, not the body's.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import { TRACKING_BODY_SCHEMAS, trackResponseSchema } from '@printshop/shared-events/api/tracking';
import { trackedCall } from '@printshop/command-service/tracking/tracked-call';
import type { OrderDto } from '@printshop/shared-events/api/orders';
import { TRACKING_KINDS, type TrackingKind } from '@printshop/shared-events/events/tracking';
import { TRACKING_TABLE, type TrackingEventRow } from '@printshop/infra/tracking/tracking-consumer';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { expectTooMany } from '@printshop/test/support/too-many';
import { appStore } from '../accounts/support';
import { placeOrder } from '../admin/support';
import { browser, type Browser } from '../cart/support';
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
  // stop() throws when the shop logged an error: the sink closes all the same.
  try {
    await app?.stop();
  } finally {
    await sink?.close();
  }
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
 * The event's row once settled: the consumer claims the row before it calls the sink and records
 * the sink's answer after, so the row may still be claimed a moment after the sink heard the event.
 */
const storedRows = (eventName: string, eventId: string) =>
  waitFor(async () => {
    const found = await rows(eventName, eventId);
    if (found.length === 0) throw new Error(`${eventId}: no row yet`);
    if (found.some((row) => row.claim_until !== null)) throw new Error(`${eventId}: not settled yet`);
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
  it.each(TRACKING_KINDS.filter((kind) => kind !== 'purchase'))(
    'given a valid %s body, then it is 202 and the sink gets the event',
    async (kind) => {
      const body = trackingBody(kind);
      const answer = await track(app, kind, body);
      expect(answer.status).toBe(202);
      expect(trackResponseSchema.parse(answer.body)).toEqual({ success: true });
      expect(Number(answer.headers.get('x-event-position'))).toBeGreaterThan(0);

      const event = await arrived(body.event_id);
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

describe("purchases: only the caller's own order counts", () => {
  const INFLATED = { total_amount: 999.99, currency: 'EUR' };

  /** A purchase body for the order number, with made-up amounts. */
  const claim = (orderNumber: string) => {
    const body = trackingBody('purchase', { orderNumber });
    return { ...body, orderDetails: { ...body.orderDetails, ...INFLATED } };
  };

  /** A track call from a browser of the shop (its cookie and token go along). */
  const trackFrom = async (b: Browser, body: { event_id: string }) => {
    const answer = await b.call('POST', '/api/track/purchase', body);
    expect(answer.status).toBe(202);
  };

  /** The UnverifiedPurchase row of this event_id, once stored; nothing was forwarded for it. */
  const unverified = async (eventId: string) => {
    const [row] = await storedRows('UnverifiedPurchase', eventId);
    expect(row).toMatchObject({ source: 'browser', sink_status: null, forwarded_at: null });
    expect(sink.events(eventId)).toEqual([]);
    return row!;
  };

  /** The one Purchase the sink got for the order, with the order's own amounts. */
  const forwardedOnce = async (order: OrderDto) => {
    const event = await arrived(order.orderNumber);
    expect(event).toMatchObject({
      event_name: 'Purchase',
      custom_data: { value: order.total, currency: order.currency, order_id: order.orderNumber },
    });
    expect(sink.events(order.orderNumber)).toHaveLength(1);
  };

  /** The call was verified when it came: its event in the log names the order. */
  const verifiedInLog = async (body: ReturnType<typeof claim>, order: OrderDto) => {
    const { streamName } = trackedCall('purchase', TRACKING_BODY_SCHEMAS.purchase.parse(body), {
      receivedAt: new Date(),
      orderId: order.id,
    });
    const recorded = await appStore(app).readStream(streamName);
    expect(recorded.map((e) => e.data)).toMatchObject([{ orderId: order.id }]);
  };

  it('given no such order, when a purchase is reported, then it is 202, stored unverified and not forwarded', async () => {
    // Shaped like a real number (PS- and 8 of the alphabet), so only the lookup can tell.
    const body = claim('PS-ZZZZ2345');
    expect((await track(app, 'purchase', body)).status).toBe(202);
    const row = await unverified(body.event_id);
    expect(row.event.custom_data).toMatchObject({ value: 999.99, currency: 'EUR' });
    expect(sink.events(body.orderDetails.order_number)).toEqual([]);
  });

  it("given another shopper's order, when a guest and a signed-in user report it, then both are unverified and the sink gets the order once with its own amounts", async () => {
    const buyer = browser(app);
    const { order } = await placeOrder(app, buyer, { email: 'bea.buyer@example.com' });
    const stranger = browser(app);
    const strangerClaim = claim(order.orderNumber);
    await trackFrom(stranger, strangerClaim);
    const member = browser(app);
    await member.register();
    const memberClaim = claim(order.orderNumber);
    await trackFrom(member, memberClaim);

    await unverified(strangerClaim.event_id);
    await unverified(memberClaim.event_id);
    await forwardedOnce(order);
    expect(await storedRows('Purchase', order.orderNumber)).toMatchObject([
      { source: 'server', duplicates: 0 },
    ]);
  });

  it("given the buyer's own browser, when it reports its purchase with made-up amounts, then the sink gets it once with the order's amounts", async () => {
    const buyer = browser(app);
    const { order } = await placeOrder(app, buyer, { email: 'own.buyer@example.com' });
    const body = claim(order.orderNumber);
    await trackFrom(buyer, body);

    await verifiedInLog(body, order);
    // The browser's and the server's report of the order meet on one row: one forwarded, one dropped.
    await copiesDropped('Purchase', order.orderNumber, 1);
    await forwardedOnce(order);
    expect(await rows('UnverifiedPurchase', body.event_id)).toEqual([]);
  });

  it('given a signed-in buyer, when they report their own order, then it is verified', async () => {
    const buyer = browser(app);
    await buyer.register();
    const { order } = await placeOrder(app, buyer, { email: 'member.buyer@example.com' });
    const body = claim(order.orderNumber);
    await trackFrom(buyer, body);
    await verifiedInLog(body, order);
    await copiesDropped('Purchase', order.orderNumber, 1);
    await forwardedOnce(order);
    expect(await rows('UnverifiedPurchase', body.event_id)).toEqual([]);
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

describe('a limit per address (TRACKING_CALLS_PER_MINUTE, here 3)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      label: 'tracking_limit',
      env: { TRACKING_CALLS_PER_MINUTE: '3', TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => {
    await limited?.stop();
  });
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const kept = async () =>
    Number((await limited.db('es_events').where({ type: 'TrackingEventReceived' }).count({ n: '*' }))[0]!.n);

  it('given 3 calls from one address, bad ones included, when it calls again, then 429 with Retry-After and nothing is kept', async () => {
    // Counted before the body is read: a flood of bad bodies is still a flood.
    expect((await track(limited, 'add-to-cart', { event_id: 1 }, from('198.51.100.1'))).status).toBe(400);
    for (let i = 0; i < 2; i++) {
      const answer = await track(limited, 'add-to-cart', trackingBody('add-to-cart'), from('198.51.100.1'));
      expect(answer.status).toBe(202);
    }
    const before = await kept();

    const refused = await track(limited, 'view-content', trackingBody('view-content'), from('198.51.100.1'));

    expectTooMany(refused, 60);
    expect(await kept()).toBe(before);
    expect(
      (await track(limited, 'view-content', trackingBody('view-content'), from('198.51.100.2'))).status,
    ).toBe(202);
  });

  it('given calls from fresh addresses of one IPv6 /64, then they share its limit', async () => {
    for (let i = 1; i <= 3; i++) {
      const answer = await track(
        limited,
        'add-to-cart',
        trackingBody('add-to-cart'),
        from(`2001:db8:7c:1::${i}`),
      );
      expect(answer.status).toBe(202);
    }
    const refused = await track(
      limited,
      'add-to-cart',
      trackingBody('add-to-cart'),
      from('2001:db8:7c:1:aaaa::4'),
    );
    expect(refused.status).toBe(429);
  });
});
