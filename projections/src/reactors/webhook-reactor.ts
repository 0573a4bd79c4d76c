// Outgoing webhooks start here: every event of WEBHOOK_TOPICS (orders now, reviews later) and every
// ping an admin asks for becomes one message on `printshop.webhook.<EventType>`, with the event id
// as message id, so a republish after a crash or an outage is dropped as a duplicate. The delivery
// worker (infra/src/webhooks/delivery-worker.ts) fans it out to the endpoints.
import type { BusMessage } from '@printshop/shared-events/bus';
import { streamCategory, type RecordedEvent } from '@printshop/shared-events/event-store';
import { WEBHOOK_STREAM_CATEGORY, WebhookPingRequested } from '@printshop/shared-events/events/webhook';
import {
  WEBHOOK_PING,
  WEBHOOK_TOPICS,
  webhookSubject,
  type WebhookMessage,
} from '@printshop/shared-events/webhook-messages';
import { messageId, type Reactor } from './reactor';

const topicOf = (type: string): string | undefined =>
  Object.hasOwn(WEBHOOK_TOPICS, type) ? WEBHOOK_TOPICS[type as keyof typeof WEBHOOK_TOPICS] : undefined;

/** The event's own time when it has one, else when it was recorded: the same on every republish. */
const createdAt = (event: RecordedEvent) =>
  typeof event.metadata.at === 'string' ? event.metadata.at : event.recordedAt.toISOString();

export const webhookReactor: Reactor = {
  name: 'webhooks',
  eventTypes: [...Object.keys(WEBHOOK_TOPICS), WebhookPingRequested.type],
  react(event: RecordedEvent): BusMessage[] {
    let message: WebhookMessage;
    if (event.type === WebhookPingRequested.type) {
      if (streamCategory(event.streamName) !== WEBHOOK_STREAM_CATEGORY) return [];
      const { webhookId } = event.data as { webhookId: string };
      message = {
        position: event.position,
        webhookId,
        payload: { id: event.id, type: WEBHOOK_PING, createdAt: createdAt(event), data: { webhookId } },
      };
    } else {
      const topic = topicOf(event.type);
      if (!topic) return [];
      message = {
        position: event.position,
        payload: { id: event.id, type: topic, createdAt: createdAt(event), data: event.data },
      };
    }
    return [{ id: messageId(event), subject: webhookSubject(event.type), data: message }];
  },
};
