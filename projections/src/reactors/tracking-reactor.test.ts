// The tracking reactor is pure: a tracking call becomes its message on printshop.tracking.<kind>,
// an OrderPaid the server's purchase message; ids are stable and not the bare event id (which
// other reactors publishing the same event use, and JetStream deduplicates stream-wide). A read
// batch's messages are combined, per kind, into bus messages of up to a sink request's worth.
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import type { BusMessage } from '@printshop/shared-events/bus';
import {
  TRACKING_BATCH_BYTES,
  trackingBatchSchema,
  trackingMessageSchema,
  trackingMessagesOf,
} from '@printshop/shared-events/tracking-messages';
import { trackingReactor } from './tracking-reactor';

const recorded = (over: Partial<RecordedEvent>): RecordedEvent => ({
  id: '0b7e6a52-2f38-4b8e-9d55-5b1d0c4b1e21',
  type: 'TrackingEventReceived',
  data: {},
  metadata: {},
  streamName: 'tracking-abc',
  revision: 0,
  position: 7,
  recordedAt: new Date('2025-03-01T10:00:00.000Z'),
  ...over,
});

const tracked = recorded({
  data: {
    kind: 'view-content',
    eventId: 'browser_1',
    dedupKey: 'view-content:browser_1',
    body: { event_id: 'browser_1' },
    userData: { client_ip_address: '203.0.113.5' },
    receivedAt: '2025-03-01T10:00:00.000Z',
  },
});

describe('tracking reactor', () => {
  it('given a TrackingEventReceived, then one browser message on its kind, the same every time', async () => {
    const messages = await trackingReactor.react(tracked);
    expect(messages).toEqual(await trackingReactor.react(tracked));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      id: tracked.id,
      subject: 'printshop.tracking.view-content',
    });
    expect(trackingMessageSchema.parse(messages[0]!.data)).toEqual({
      source: 'browser',
      ...(tracked.data as object),
    });
  });

  it('given an OrderPaid, then one server purchase message naming the order', async () => {
    const paid = recorded({
      type: 'OrderPaid',
      streamName: 'order-o1',
      data: { orderId: 'o1', amount: 1356, currency: 'USD', at: '2025-03-01T10:00:00.000Z' },
    });
    const [message, ...rest] = await trackingReactor.react(paid);
    expect(rest).toEqual([]);
    expect(message).toEqual({
      id: paid.id,
      subject: 'printshop.tracking.purchase',
      data: { source: 'server', kind: 'purchase', orderId: 'o1', paidAt: '2025-03-01T10:00:00.000Z' },
    });
  });

  it('given those types in another stream category, then no message', async () => {
    expect(await trackingReactor.react({ ...tracked, streamName: 'cart-x' })).toEqual([]);
    expect(await trackingReactor.react(recorded({ type: 'OrderPaid', streamName: 'checkout-o1' }))).toEqual(
      [],
    );
  });
});

describe('tracking reactor, combining a read batch', () => {
  /** The message react makes for the n-th call of a kind (ids in log order). */
  const call = (n: number, kind = 'add-to-cart', extra: object = {}): BusMessage => {
    const data = { ...(tracked.data as object), kind, eventId: `browser_${n}`, ...extra };
    return { id: `e${n}`, subject: `printshop.tracking.${kind}`, data: { source: 'browser', ...data } };
  };
  const combine = (messages: BusMessage[]) => trackingReactor.combine!(messages);

  it('given calls of two kinds interleaved, then one message per kind, named by its first and last, in log order', () => {
    const messages = [call(1), call(2, 'view-content'), call(3), call(4, 'view-content'), call(5)];
    const combined = combine(messages);
    expect(combined.map(({ id, subject }) => ({ id, subject }))).toEqual([
      { id: 'e1..e5', subject: 'printshop.tracking.add-to-cart' },
      { id: 'e2..e4', subject: 'printshop.tracking.view-content' },
    ]);
    const [addToCart] = combined;
    expect(
      trackingBatchSchema.parse(addToCart!.data).events.map((e) => e.source === 'browser' && e.eventId),
    ).toEqual(['browser_1', 'browser_3', 'browser_5']);
    expect(combine(messages)).toEqual(combined);
  });

  it('given one call, then its message keeps the event id as its own', () => {
    const [only, ...rest] = combine([call(1)]);
    expect(rest).toEqual([]);
    expect(only!.id).toBe('e1');
    expect(trackingMessagesOf(only!.data)).toEqual([call(1).data as object]);
  });

  it('given more calls than a sink request takes, then batches of 100', () => {
    const combined = combine(Array.from({ length: 250 }, (_, n) => call(n)));
    expect(combined.map((m) => [m.id, trackingBatchSchema.parse(m.data).events.length])).toEqual([
      ['e0..e99', 100],
      ['e100..e199', 100],
      ['e200..e249', 50],
    ]);
  });

  it('given large calls, then a batch closes before its JSON passes the byte limit', () => {
    const big = 'x'.repeat(TRACKING_BATCH_BYTES / 3);
    const combined = combine([0, 1, 2, 3].map((n) => call(n, 'add-to-cart', { eventSourceUrl: big })));
    expect(combined.map((m) => m.id)).toEqual(['e0..e1', 'e2..e3']);
    for (const m of combined)
      expect(JSON.stringify(m.data).length).toBeLessThan(TRACKING_BATCH_BYTES + 1_000);
  });
});
