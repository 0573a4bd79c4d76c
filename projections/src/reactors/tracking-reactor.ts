// Tracking calls reach the bus from the event log, never straight from the request: this reactor
// publishes each TrackingEventReceived to `printshop.tracking.<kind>`, and each OrderPaid as the
// server's own purchase message (the consumer gives it event_id = the order number, so the
// browser's purchase of the same order is the same event for the sink). JetStream deduplicates
// message ids across the whole stream, and other reactors (webhooks) publish the same events: the
// id is the event id plus this reactor's name, stable across republishes and unique on the bus.
// A read batch's messages then travel combined, one bus message per kind and up to
// TRACKING_BATCH_MAX events (`{events: [...]}`), named by the first and last event they carry: the
// same batch republished repeats its id; a republish cut differently is a new message whose events
// the consumer finds already settled (it keys rows by event, not by message).
import type { BusMessage } from '@printshop/shared-events/bus';
import { streamCategory, type RecordedEvent } from '@printshop/shared-events/event-store';
import { ORDER_STREAM_CATEGORY } from '@printshop/shared-events/events/order';
import { TRACKING_STREAM_CATEGORY, type TrackingEventData } from '@printshop/shared-events/events/tracking';
import {
  TRACKING_BATCH_BYTES,
  TRACKING_BATCH_MAX,
  trackingSubject,
  type BrowserTrackingMessage,
  type ServerPurchaseMessage,
  type TrackingBatch,
  type TrackingMessage,
} from '@printshop/shared-events/tracking-messages';
import { messageId, type Reactor } from './reactor';

type Paid = RecordedEvent<'OrderPaid', { orderId: string; at: string }>;

export const trackingReactor: Reactor = {
  name: 'tracking',
  eventTypes: ['TrackingEventReceived', 'OrderPaid'],
  react(event: RecordedEvent): BusMessage[] {
    const category = streamCategory(event.streamName);
    if (event.type === 'TrackingEventReceived' && category === TRACKING_STREAM_CATEGORY) {
      const data = event.data as TrackingEventData;
      const message: BrowserTrackingMessage = { source: 'browser', ...data };
      return [{ id: messageId(event), subject: trackingSubject(data.kind), data: message }];
    }
    if (event.type === 'OrderPaid' && category === ORDER_STREAM_CATEGORY) {
      const { orderId, at } = (event as Paid).data;
      const message: ServerPurchaseMessage = { source: 'server', kind: 'purchase', orderId, paidAt: at };
      return [{ id: messageId(event), subject: trackingSubject('purchase'), data: message }];
    }
    return [];
  },
  combine(messages: BusMessage[]): BusMessage[] {
    const open = new Map<string, { first: string; last: string; events: TrackingMessage[]; bytes: number }>();
    const combined: BusMessage[] = [];
    const close = (subject: string) => {
      const batch = open.get(subject);
      if (!batch) return;
      open.delete(subject);
      const id = batch.events.length === 1 ? batch.first : `${batch.first}..${batch.last}`;
      combined.push({ id, subject, data: { events: batch.events } satisfies TrackingBatch });
    };
    for (const { id, subject, data } of messages) {
      const bytes = JSON.stringify(data).length;
      const batch = open.get(subject);
      if (batch && (batch.events.length >= TRACKING_BATCH_MAX || batch.bytes + bytes > TRACKING_BATCH_BYTES))
        close(subject);
      const current = open.get(subject) ?? { first: id, last: id, events: [], bytes: 0 };
      open.set(subject, current);
      current.events.push(data as TrackingMessage);
      current.last = id;
      current.bytes += bytes;
    }
    for (const subject of [...open.keys()]) close(subject);
    return combined;
  },
};
