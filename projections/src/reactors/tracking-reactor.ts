// Tracking calls reach the bus from the event log, never straight from the request: this reactor
// publishes each TrackingEventReceived to `printshop.tracking.<kind>`, and each OrderPaid as the
// server's own purchase message (the consumer gives it event_id = the order number, so the
// browser's purchase of the same order is the same event for the sink). JetStream deduplicates
// message ids across the whole stream, and other reactors (webhooks) publish the same events: the
// id is the event id plus this reactor's name, stable across republishes and unique on the bus.
import type { BusMessage } from '@printshop/shared-events/bus';
import { streamCategory, type RecordedEvent } from '@printshop/shared-events/event-store';
import { ORDER_STREAM_CATEGORY } from '@printshop/shared-events/events/order';
import { TRACKING_STREAM_CATEGORY, type TrackingEventData } from '@printshop/shared-events/events/tracking';
import {
  trackingSubject,
  type BrowserTrackingMessage,
  type ServerPurchaseMessage,
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
};
