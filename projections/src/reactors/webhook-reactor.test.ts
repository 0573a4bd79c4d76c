// The webhook reactor is pure: the same event always yields the same message, with the event's id.
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import { webhookReactor } from './webhook-reactor';

const event = (over: Partial<RecordedEvent> = {}): RecordedEvent => ({
  id: '5d7a0f64-43f5-4f4e-9b07-6f1e4b0f2a11',
  type: 'OrderPaid',
  data: { orderId: 'o-1', amount: 2599, currency: 'EUR', at: '2025-03-01T10:00:00.000Z' },
  metadata: { at: '2025-03-01T10:00:00.000Z', actor: 'system' },
  streamName: 'order-o-1',
  revision: 1,
  position: 77,
  recordedAt: new Date('2025-03-01T10:00:01.000Z'),
  ...over,
});

describe('webhook reactor', () => {
  it('given an OrderPaid, then one order.paid message on its subject, with the event id and position', async () => {
    const first = await webhookReactor.react(event());
    expect(first).toEqual([
      {
        id: '5d7a0f64-43f5-4f4e-9b07-6f1e4b0f2a11',
        subject: 'printshop.webhook.OrderPaid',
        data: {
          position: 77,
          payload: {
            id: '5d7a0f64-43f5-4f4e-9b07-6f1e4b0f2a11',
            type: 'order.paid',
            createdAt: '2025-03-01T10:00:00.000Z',
            data: { orderId: 'o-1', amount: 2599, currency: 'EUR', at: '2025-03-01T10:00:00.000Z' },
          },
        },
      },
    ]);
    expect(await webhookReactor.react(event())).toEqual(first);
  });

  it('given an event without a time in its metadata, then createdAt is when it was recorded', async () => {
    const [message] = await webhookReactor.react(event({ metadata: {} }));
    expect(message?.data).toMatchObject({ payload: { createdAt: '2025-03-01T10:00:01.000Z' } });
  });

  it('given a ping request, then a webhook.ping message for that endpoint only', async () => {
    const ping = event({
      type: 'WebhookPingRequested',
      streamName: 'webhook-wh-1',
      data: { webhookId: 'wh-1', by: 'admin-1', at: '2025-03-01T10:00:00.000Z' },
    });
    expect(await webhookReactor.react(ping)).toEqual([
      {
        id: ping.id,
        subject: 'printshop.webhook.WebhookPingRequested',
        data: {
          position: 77,
          webhookId: 'wh-1',
          payload: {
            id: ping.id,
            type: 'webhook.ping',
            createdAt: '2025-03-01T10:00:00.000Z',
            data: { webhookId: 'wh-1' },
          },
        },
      },
    ]);
  });

  it('given an event that is no webhook topic, then no message', async () => {
    expect(await webhookReactor.react(event({ type: 'OrderArchived' }))).toEqual([]);
    expect(await webhookReactor.react(event({ type: 'UserRegistered', streamName: 'user-u1' }))).toEqual([]);
    expect(webhookReactor.eventTypes).toContain('OrderPaid');
    expect(webhookReactor.eventTypes).not.toContain('OrderArchived');
  });
});
