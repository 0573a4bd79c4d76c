// A tracking call of spec 2 §7 as received (POST /api/track/*), stream `tracking-<key>`, where the
// key is derived from the deduplication key (the browser's event_id; the order number for
// purchases) and the stream is appended with `no_stream`: a retried or repeated call is dropped at
// the log, and concurrent calls never contend for one stream. Only a verified purchase (of the
// caller's own order) takes its order number's key, so a fake one cannot shadow the real one. The tracking reactor publishes it to
// `printshop.tracking.<kind>`. Contact data arrives hashed (SHA-256 of the normalised value), so the
// log never holds a tracked person's e-mail or phone in the clear.
import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry';

export const TRACKING_STREAM_CATEGORY = 'tracking';
export const trackingStreamName = (key: string): string => `${TRACKING_STREAM_CATEGORY}-${key}`;

export const TRACKING_KINDS = ['add-to-cart', 'begin-checkout', 'purchase', 'view-content'] as const;
export type TrackingKind = (typeof TRACKING_KINDS)[number];

const hash = z.string().regex(/^[0-9a-f]{64}$/);

/** Conversions-API user data: hashed contact fields, browser ids and the request's origin. */
export const trackedUserDataSchema = z.object({
  em: hash.optional(),
  ph: hash.optional(),
  fn: hash.optional(),
  ln: hash.optional(),
  external_id: hash.optional(),
  fbp: z.string().max(500).optional(),
  fbc: z.string().max(500).optional(),
  client_ip_address: z.string().max(100).optional(),
  client_user_agent: z.string().max(1000).optional(),
});
export type TrackedUserData = z.infer<typeof trackedUserDataSchema>;

export const TrackingEventReceived = defineEvent(
  'TrackingEventReceived',
  z.object({
    kind: z.enum(TRACKING_KINDS),
    /** The browser's event_id; for purchases the sink gets the order number instead. */
    eventId: z.string().min(1).max(200),
    /**
     * `<kind>:<event_id>`; `purchase:<order number>` for a verified purchase, else
     * `unverified-purchase:<event_id>`: what the log and the consumer deduplicate on.
     */
    dedupKey: z.string().min(1).max(300),
    /** The validated body without its contact fields (they are in userData, hashed). */
    body: z.record(z.string(), z.unknown()),
    userData: trackedUserDataSchema,
    /** The signed-in user who made the call. */
    userId: z.string().optional(),
    /**
     * A purchase of an order the caller may see (theirs, or their guest session's): its id, so the
     * value and currency come from the order. Absent on a purchase: unverified, never forwarded.
     */
    orderId: z.string().optional(),
    eventSourceUrl: z.string().max(2000).optional(),
    receivedAt: z.iso.datetime({ offset: true }),
  }),
);

export const trackingEvents = [TrackingEventReceived];
export type TrackingEvent = EventOf<typeof TrackingEventReceived>;
export type TrackingEventData = TrackingEvent['data'];
