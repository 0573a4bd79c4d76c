// The tracking messages the tracking reactor publishes (from the event log) and the tracking
// consumer forwards to the sink: `printshop.tracking.<kind>`. A browser call travels whole (its
// contact data already hashed); a server-side purchase carries the order's id only and the
// consumer reads the order from the log, as the mail consumer does.
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
export type BrowserTrackingMessage = z.infer<typeof browserTrackingMessageSchema>;
export type ServerPurchaseMessage = z.infer<typeof serverPurchaseMessageSchema>;
export type TrackingMessage = z.infer<typeof trackingMessageSchema>;

export { TRACKING_KINDS };
