// The tracking messages the tracking reactor publishes (from the event log) and the tracking
// consumer forwards to the sink: `printshop.tracking.<kind>`. A browser call travels whole (its
// contact data already hashed); a server-side purchase carries the order's id only and the
// consumer reads the order from the log, as the mail consumer does.
// One bus message carries a batch of them (all of one kind, in log order): a publish, a delivery
// and an ack then serve up to a sink request's worth of events instead of one.
import { z } from 'zod';
import { TrackingEventReceived, TRACKING_KINDS, type TrackingKind } from './events/tracking';

export const TRACKING_SUBJECT_PREFIX = 'printshop.tracking';
export const trackingSubject = (kind: TrackingKind): string => `${TRACKING_SUBJECT_PREFIX}.${kind}`;
/** What the tracking consumer subscribes to. */
export const ALL_TRACKING_SUBJECTS = `${TRACKING_SUBJECT_PREFIX}.>`;

export const browserTrackingMessageSchema = TrackingEventReceived.schema.extend({
  source: z.literal('browser'),
});
export const serverPurchaseMessageSchema = z.object({
  source: z.literal('server'),
  kind: z.literal('purchase'),
  orderId: z.string().min(1),
  paidAt: z.iso.datetime({ offset: true }),
});
export const trackingMessageSchema = z.discriminatedUnion('source', [
  browserTrackingMessageSchema,
  serverPurchaseMessageSchema,
]);
/** Events in one bus message at most: one sink request's worth. */
export const TRACKING_BATCH_MAX = 100;
/** A batch is closed once its events' JSON passes this, well under NATS's 1 MiB payload limit. */
export const TRACKING_BATCH_BYTES = 256 * 1024;

export const trackingBatchSchema = z.object({
  events: z.array(trackingMessageSchema).min(1).max(TRACKING_BATCH_MAX),
});
/** A delivery holds a batch, or one bare message (published by a release from before batches). */
const trackingDeliverySchema = z.union([trackingBatchSchema, trackingMessageSchema]);

/** The messages a delivery carries, validated. */
export function trackingMessagesOf(data: unknown): TrackingMessage[] {
  const parsed = trackingDeliverySchema.parse(data);
  return 'events' in parsed ? parsed.events : [parsed];
}

export type BrowserTrackingMessage = z.infer<typeof browserTrackingMessageSchema>;
export type ServerPurchaseMessage = z.infer<typeof serverPurchaseMessageSchema>;
export type TrackingMessage = z.infer<typeof trackingMessageSchema>;
export type TrackingBatch = z.infer<typeof trackingBatchSchema>;

export { TRACKING_KINDS };
