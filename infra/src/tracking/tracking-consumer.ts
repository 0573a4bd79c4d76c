// Forwards the tracking messages (`printshop.tracking.>`, durable 'tracking') to the sink, once per
// event: the key is (event name, event id), the event id being the browser's event_id or, for a
// purchase, the order number, so the browser's and the server's purchase of one order count once.
// A browser purchase not verified as the caller's own order is stored as an UnverifiedPurchase
// (under its own event_id, so it never shadows the real one) and not forwarded; a verified one
// takes its value, currency and contents from the order.
// Every accepted event is a row of `tracking_events` (the consumer's own store, which admins can
// list; `duplicates` counts the copies dropped); with TRACKING_SINK_URL set it is also POSTed there.
// A delivery carries a batch of events (tracking-messages.ts) and is acked once all of them are
// settled; if any must be tried again the whole message is, and the rows already settled under it
// answer as such without counting as copies.
// Deliveries are handled several at once and in batches (tracking-batches.ts): a batch's rows are
// claimed in one short statement, its events sent in one request, the answers settled in another
// statement; no pool connection is held while the sink answers, and the consumer uses at most
// `connections` of the pool. A sink that is down gives the claims back and the bus redelivers with
// backoff; a claim whose holder died ends with its lease, so every event reaches the sink at least
// once. Two copies of one event meet on the row's key: the second drops (or waits while the first
// is with the sink).
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Bus, Consumer, Delivery, MessageHandler } from '@printshop/shared-events/bus';
import type { EventStore } from '@printshop/shared-events/event-store';
import { orderStreamName, type OrderEvent } from '@printshop/shared-events/events/order';
import { foldOrderView, type OrderView } from '@printshop/shared-events/events/order-view';
import type { Logger } from '@printshop/shared-events/logger';
import {
  ALL_TRACKING_SUBJECTS,
  trackingMessagesOf,
  type TrackingMessage,
} from '@printshop/shared-events/tracking-messages';
import {
  browserEvent,
  serverPurchaseEvent,
  UNVERIFIED_PURCHASE,
  type ConversionsEvent,
} from './conversions-event';
import type { HttpSink } from './http-sink';
import { createTrackingBatcher, semaphore } from './tracking-batches';
import { migrateTrackingEvents, rowKeyOf } from './tracking-store';

export { migrateTrackingEvents, TRACKING_TABLE, type TrackingEventRow } from './tracking-store';

/** Conversions APIs take events up to 7 days old; about 3 h of tries, then the dead letter keeps it. */
export const TRACKING_BACKOFF_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000, 600_000, 1_800_000];
export const TRACKING_MAX_DELIVER = 12;

export interface TrackingConsumerDeps {
  bus: Bus;
  db: Knex;
  store: EventStore;
  /** Unset: events are kept in the table only. */
  sink?: HttpSink;
  logger: Logger;
  /** Default 'tracking'. */
  durable?: string;
  /** Deliveries (each a batch of events) handled at once (default 32). */
  concurrency?: number;
  /** Pool connections the consumer uses at most at once (default 2), of the process's shared pool. */
  connections?: number;
  /** Batches in flight at once (default 4). */
  batches?: number;
  /** How long a claim holds before another delivery may take it (default 60 s; the sink's timeout is 10 s). */
  leaseMs?: number;
}

async function loadOrder(deps: Deps, orderId: string): Promise<OrderView | undefined> {
  const events = await deps.withConnection(() => deps.store.readStream<OrderEvent>(orderStreamName(orderId)));
  return foldOrderView(events);
}

type Deps = TrackingConsumerDeps & { withConnection: <T>(fn: () => Promise<T>) => Promise<T> };

/** The event to store (and forward, unless it is an unverified purchase), or why there is none. */
async function conversionsEventOf(
  deps: Deps,
  message: TrackingMessage,
): Promise<{ event: ConversionsEvent; forward: boolean } | { skip: string }> {
  if (message.source === 'browser' && (message.kind !== 'purchase' || message.orderId === undefined)) {
    const event = browserEvent(message);
    return { event, forward: event.event_name !== UNVERIFIED_PURCHASE };
  }
  const order = await loadOrder(deps, message.orderId!);
  // Not in this shop's log: another shop sharing the bus.
  if (!order) return { skip: 'no such order in this shop' };
  const event =
    message.source === 'browser' ? browserEvent(message, order) : serverPurchaseEvent(order, message.paidAt);
  return { event, forward: true };
}

export function trackingHandler(given: TrackingConsumerDeps): MessageHandler {
  const logger = given.logger.child?.({ consumer: 'tracking' }) ?? given.logger;
  const deps: Deps = { ...given, withConnection: semaphore(given.connections ?? 2) };
  const batcher = createTrackingBatcher({
    db: deps.db,
    sink: deps.sink,
    logger,
    withConnection: deps.withConnection,
    batches: deps.batches ?? 4,
    leaseMs: deps.leaseMs ?? 60_000,
  });
  return async (delivery: Delivery) => {
    const messages = trackingMessagesOf(delivery.data);
    const about = { messageId: delivery.id, subject: delivery.subject, attempt: delivery.attempt };
    const found = await Promise.all(messages.map((message) => conversionsEventOf(deps, message)));
    const firsts = new Map<string, Promise<boolean>>();
    // Resolves once the event is stored or dropped as a copy; rejects when it should be tried again
    // (sink unavailable, the row busy): then the bus redelivers the whole message.
    const handle = async (i: number): Promise<void> => {
      const one = found[i]!;
      if ('skip' in one) {
        logger.info({ ...about, reason: one.skip }, 'tracking event dropped');
        return;
      }
      const { event, forward } = one;
      const key = rowKeyOf(event);
      // A copy in the same message (the browser's and the server's purchase of one order) waits
      // for the first, so it meets a settled row and is counted as the copy it is.
      const first = firsts.get(key);
      if (first) await first;
      const submitted = batcher.submit({
        event,
        source: messages[i]!.source,
        // A redelivery repeats these: a row settled under the same one is not counted as a copy.
        messageId: messages.length === 1 ? delivery.id : `${delivery.id}#${i}`,
        claim: randomUUID(),
        forward: forward && deps.sink !== undefined,
      });
      if (!first) firsts.set(key, submitted);
      const stored = await submitted;
      logger.debug(
        { ...about, event: event.event_name, eventId: event.event_id },
        stored ? 'tracking event stored' : 'duplicate tracking event dropped',
      );
    };
    const outcomes = await Promise.allSettled(found.map((_, i) => handle(i)));
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  };
}

export async function startTrackingConsumer(deps: TrackingConsumerDeps): Promise<Consumer> {
  await migrateTrackingEvents(deps.db);
  const options = {
    durable: deps.durable ?? 'tracking',
    subject: ALL_TRACKING_SUBJECTS,
    maxDeliver: TRACKING_MAX_DELIVER,
    backoffMs: TRACKING_BACKOFF_MS,
    // Several deliveries at once, so small messages (a quiet shop's) still fill the sink's batches.
    concurrency: deps.concurrency ?? 32,
  };
  return deps.bus.consume(options, trackingHandler(deps));
}
