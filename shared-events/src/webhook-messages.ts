// Outgoing webhooks: which events admins can subscribe to, under which public names, and the bus
// message the webhook reactor publishes for each (subject `printshop.webhook.<EventType>`) and the
// delivery worker fans out to the endpoints. Public names ('order.paid') are the integration
// contract; internal event types may be renamed or upcast without breaking receivers.
import { z } from 'zod';

/** Internal event type -> public name. Adding an event to webhooks is one line here. */
export const WEBHOOK_TOPICS = {
  OrderPlaced: 'order.placed',
  OrderPaid: 'order.paid',
  OrderStatusChanged: 'order.status_changed',
  OrderShipped: 'order.shipped',
  OrderDelivered: 'order.delivered',
  OrderCancelled: 'order.cancelled',
  OrderRefunded: 'order.refunded',
  ReviewSubmitted: 'review.submitted',
  ReviewApproved: 'review.approved',
} as const satisfies Record<string, string>;

/** Sent to one endpoint when an admin pings it; not subscribable. */
export const WEBHOOK_PING = 'webhook.ping';

/** What an endpoint may subscribe to. */
export const WEBHOOK_EVENT_NAMES: readonly string[] = Object.values(WEBHOOK_TOPICS);

export const WEBHOOK_SUBJECT_PREFIX = 'printshop.webhook';
export const webhookSubject = (eventType: string): string => `${WEBHOOK_SUBJECT_PREFIX}.${eventType}`;
/** What the delivery worker consumes. */
export const ALL_WEBHOOK_SUBJECTS = `${WEBHOOK_SUBJECT_PREFIX}.>`;

/** The JSON body every endpoint receives. `id` is the event id: the same for every endpoint. */
export const webhookPayloadSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  createdAt: z.iso.datetime({ offset: true }),
  data: z.unknown(),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

export const webhookMessageSchema = z.object({
  /** Global position of the event: endpoints are matched as registered up to it. */
  position: z.number().int().nonnegative(),
  /** Only this endpoint (a ping); otherwise every active endpoint subscribed to the type. */
  webhookId: z.string().optional(),
  payload: webhookPayloadSchema,
});
export type WebhookMessage = z.infer<typeof webhookMessageSchema>;
