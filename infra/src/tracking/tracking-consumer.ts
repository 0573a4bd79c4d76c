// Forwards the tracking messages (`printshop.tracking.>`, durable 'tracking') to the sink, once per
// event: the key is (event name, event id), the event id being the browser's event_id or, for a
// purchase, the order number, so the browser's and the server's purchase of one order count once.
// A browser purchase not verified as the caller's own order is stored as an UnverifiedPurchase
// (under its own event_id, so it never shadows the real one) and not forwarded; a verified one
// takes its value, currency and contents from the order.
// Every accepted event is a row of `tracking_events` (the consumer's own store, which admins can
// list; `duplicates` counts the copies dropped); with TRACKING_SINK_URL set it is also POSTed there
// inside the transaction that claims the row: a sink that is down rolls the claim back and the bus
// redelivers with backoff. Several deliveries are handled at once (the work is waiting on Postgres
// and the sink); two copies of one event meet on the row's key, and the second waits and drops.
import type { Knex } from 'knex';
import type { Bus, Consumer, Delivery, MessageHandler } from '@printshop/shared-events/bus';
import type { EventStore } from '@printshop/shared-events/event-store';
import { orderStreamName, type OrderEvent } from '@printshop/shared-events/events/order';
import { foldOrderView, type OrderView } from '@printshop/shared-events/events/order-view';
import type { Logger } from '@printshop/shared-events/logger';
import {
  ALL_TRACKING_SUBJECTS,
  trackingMessageSchema,
  type TrackingMessage,
} from '@printshop/shared-events/tracking-messages';
import {
  browserEvent,
  serverPurchaseEvent,
  UNVERIFIED_PURCHASE,
  type ConversionsEvent,
} from './conversions-event';
import type { HttpSink } from './http-sink';

export const TRACKING_TABLE = 'tracking_events';
const MIGRATE_LOCK = 0x5452434b; // 'TRCK'

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
  /** Deliveries handled at once (default 8). */
  concurrency?: number;
}

export interface TrackingEventRow {
  event_name: string;
  event_id: string;
  source: 'browser' | 'server';
  message_id: string;
  event: ConversionsEvent;
  received_at: Date;
  duplicates: number;
  sink_status: number | null;
  sink_error: string | null;
  forwarded_at: Date | null;
}

/** Creates the table; safe to run from several processes at once. */
export async function migrateTrackingEvents(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?, 0)', [MIGRATE_LOCK]);
    await trx.raw(`
      create table if not exists ${TRACKING_TABLE} (
        event_name text not null,
        event_id text not null,
        source text not null,
        message_id text not null,
        event jsonb not null,
        received_at timestamptz not null default now(),
        duplicates integer not null default 0,
        sink_status integer,
        sink_error text,
        forwarded_at timestamptz,
        primary key (event_name, event_id)
      )`);
    await trx.raw(
      `create index if not exists ${TRACKING_TABLE}_received_at on ${TRACKING_TABLE} (received_at desc)`,
    );
  });
}

async function loadOrder(store: EventStore, orderId: string): Promise<OrderView | undefined> {
  return foldOrderView(await store.readStream<OrderEvent>(orderStreamName(orderId)));
}

/** The event to store (and forward, unless it is an unverified purchase), or why there is none. */
async function conversionsEventOf(
  deps: TrackingConsumerDeps,
  message: TrackingMessage,
): Promise<{ event: ConversionsEvent; forward: boolean } | { skip: string }> {
  if (message.source === 'browser' && (message.kind !== 'purchase' || message.orderId === undefined)) {
    const event = browserEvent(message);
    return { event, forward: event.event_name !== UNVERIFIED_PURCHASE };
  }
  const order = await loadOrder(deps.store, message.orderId!);
  // Not in this shop's log: another shop sharing the bus.
  if (!order) return { skip: 'no such order in this shop' };
  const event =
    message.source === 'browser' ? browserEvent(message, order) : serverPurchaseEvent(order, message.paidAt);
  return { event, forward: true };
}

export function trackingHandler(deps: TrackingConsumerDeps): MessageHandler {
  const logger = deps.logger.child?.({ consumer: 'tracking' }) ?? deps.logger;
  return async (delivery: Delivery) => {
    const message = trackingMessageSchema.parse(delivery.data);
    const about = { messageId: delivery.id, subject: delivery.subject, attempt: delivery.attempt };
    const found = await conversionsEventOf(deps, message);
    if ('skip' in found) {
      logger.info({ ...about, reason: found.skip }, 'tracking event dropped');
      return;
    }
    const { event, forward } = found;
    const stored = await deps.db.transaction(async (trx) => {
      // A lost commit in a database crash costs at most a repeat of an event the sink already has
      // (sinks deduplicate on event_id too): not worth a disk flush per tracking event.
      await trx.raw('set local synchronous_commit to off');
      // xmax = 0: this statement inserted the row; else it met the row of an earlier copy.
      const [claim] = (await trx(TRACKING_TABLE)
        .insert({
          event_name: event.event_name,
          event_id: event.event_id,
          source: message.source,
          message_id: delivery.id,
          event: JSON.stringify(event),
        })
        .onConflict(['event_name', 'event_id'])
        .merge({ duplicates: trx.raw('??.duplicates + 1', [TRACKING_TABLE]) })
        .returning(trx.raw('(xmax = 0) as inserted'))) as Array<{ inserted: boolean }>;
      if (!claim?.inserted) return false;
      if (deps.sink && forward) {
        // Throws SinkUnavailable when it should be tried again: the claim is rolled back.
        const answer = await deps.sink.send(event);
        const accepted = answer.status >= 200 && answer.status < 300;
        await trx(TRACKING_TABLE)
          .where({ event_name: event.event_name, event_id: event.event_id })
          .update({
            sink_status: answer.status,
            sink_error: accepted ? null : answer.snippet,
            forwarded_at: accepted ? trx.fn.now() : null,
          });
        if (!accepted)
          logger.warn({ ...about, status: answer.status }, 'tracking sink refused the event for good');
      }
      return true;
    });
    logger.debug(
      { ...about, event: event.event_name, eventId: event.event_id },
      stored ? 'tracking event stored' : 'duplicate tracking event dropped',
    );
  };
}

export async function startTrackingConsumer(deps: TrackingConsumerDeps): Promise<Consumer> {
  await migrateTrackingEvents(deps.db);
  const options = {
    durable: deps.durable ?? 'tracking',
    subject: ALL_TRACKING_SUBJECTS,
    maxDeliver: TRACKING_MAX_DELIVER,
    backoffMs: TRACKING_BACKOFF_MS,
  };
  const handler = trackingHandler(deps);
  // Consumers sharing one durable split its messages: that many deliveries in flight at once.
  const consumers: Consumer[] = [];
  for (let i = 0; i < (deps.concurrency ?? 8); i++) consumers.push(await deps.bus.consume(options, handler));
  return { stop: async () => void (await Promise.all(consumers.map((c) => c.stop()))) };
}
