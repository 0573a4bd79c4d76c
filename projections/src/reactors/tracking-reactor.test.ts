// The tracking reactor is pure: a tracking call becomes its message on printshop.tracking.<kind>,
// an OrderPaid the server's purchase message; ids are stable and not the bare event id (which
// other reactors publishing the same event use, and JetStream deduplicates stream-wide).
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import { trackingMessageSchema } from '@printshop/shared-events/tracking-messages';
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
