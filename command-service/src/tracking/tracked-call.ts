// A tracking call (spec 2 §7) as the event the log keeps: the validated body without its contact
// fields, those hashed into Conversions-API user data, and what the server knows about the call
// (who is signed in, the client address and user agent). Pure apart from hashing.
import { createHash } from 'node:crypto';
import type { TRACKING_BODY_SCHEMAS } from '@printshop/shared-events/api/tracking';
import {
  trackingStreamName,
  type TrackedUserData,
  type TrackingEventData,
  type TrackingKind,
} from '@printshop/shared-events/events/tracking';
import type { z } from 'zod';
import { hashEmail, hashPhone, hashText } from './hash-contact';

export type TrackingBody<K extends TrackingKind> = z.infer<(typeof TRACKING_BODY_SCHEMAS)[K]>;
type AnyBody = TrackingBody<TrackingKind>;

export interface CallContext {
  /** The signed-in user, if any. */
  userId?: string;
  ip?: string;
  /** The User-Agent header (the body's user_agent wins when given). */
  userAgent?: string;
  /** The Referer header (event_source_url and page_location win when given). */
  referer?: string;
  receivedAt: Date;
  /** A purchase's order, found to be the caller's (purchased-order.ts); absent: unverified. */
  orderId?: string;
}

/**
 * Purchases are one per order number, whichever side (browser, server) reports it first; only a
 * verified one takes that key, an unverified one is keyed by its own event_id.
 */
export function dedupKeyOf(kind: TrackingKind, body: AnyBody, verified = false): string {
  if (kind !== 'purchase' || !('orderDetails' in body)) return `${kind}:${body.event_id}`;
  return verified ? `purchase:${body.orderDetails.order_number}` : `unverified-purchase:${body.event_id}`;
}

/** A stream name of bounded length and plain characters, whatever the browser sent. */
export const trackingStreamOf = (dedupKey: string): string =>
  trackingStreamName(createHash('sha256').update(dedupKey).digest('hex').slice(0, 40));

const present = <T extends object>(record: T): T =>
  Object.fromEntries(
    Object.entries(record).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as T;

function userDataOf(body: AnyBody, context: CallContext): TrackedUserData {
  const given = body.user_data ?? undefined;
  const user = 'user' in body ? (body.user ?? undefined) : undefined;
  const userAgent = 'user_agent' in body ? body.user_agent : undefined;
  return present({
    em: hashEmail(given?.email ?? user?.email),
    ph: hashPhone(given?.phone),
    fn: hashText(user?.first_name),
    ln: hashText(user?.last_name),
    external_id: hashText(given?.external_id ?? user?.id ?? context.userId),
    fbp: given?.fbp ?? undefined,
    fbc: given?.fbc ?? undefined,
    client_ip_address: context.ip,
    client_user_agent: (userAgent ?? context.userAgent)?.slice(0, 1000),
  });
}

export function trackedCall<K extends TrackingKind>(
  kind: K,
  body: TrackingBody<K>,
  context: CallContext,
): { streamName: string; data: TrackingEventData } {
  const dedupKey = dedupKeyOf(kind, body, context.orderId !== undefined);
  // The contact fields leave the body: they are kept only hashed, in userData.
  const { user_data: _userData, user: _user, ...stored } = body as AnyBody & { user?: unknown };
  const pageUrl =
    ('event_source_url' in body ? body.event_source_url : undefined) ??
    ('page_location' in body ? body.page_location : undefined) ??
    context.referer;
  return {
    streamName: trackingStreamOf(dedupKey),
    data: present({
      kind,
      eventId: body.event_id,
      dedupKey,
      body: stored as Record<string, unknown>,
      userData: userDataOf(body, context),
      userId: context.userId,
      orderId: kind === 'purchase' ? context.orderId : undefined,
      eventSourceUrl: pageUrl?.slice(0, 2000) ?? undefined,
      receivedAt: context.receivedAt.toISOString(),
    }),
  };
}
