// Forwards the tracking messages (`printshop.tracking.>`, durable 'tracking') to the sink, once per
// event: the key is (event name, event id), the event id being the browser's event_id or, for a
// purchase, the order number, so the browser's and the server's purchase of one order count once.
// Every accepted event is a row of `tracking_events` (the consumer's own store, which admins can
// list); with TRACKING_SINK_URL set it is also POSTed there inside the transaction that claims the
// row: a sink that is down rolls the claim back and the bus redelivers with backoff.
import type { Knex } from 'knex';
import type { Bus, Consumer, Delivery, MessageHandler } from '@printshop/shared-events/bus';
import type { EventStore } from '@printshop/shared-events/event-store';
import { orderStreamName, type OrderEvent } from '@printshop/shared-events/events/order';
import { evolveOrderView, type OrderView } from '@printshop/shared-events/events/order-view';
import type { Logger } from '@printshop/shared-events/logger';
import {
  ALL_TRACKING_SUBJECTS,
  trackingMessageSchema,
  type TrackingMessage,
} from '@printshop/shared-events/tracking-messages';
import { browserEvent, serverPurchaseEvent, type ConversionsEvent } from './conversions-event';
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
}

export interface TrackingEventRow {
  event_name: string;
  event_id: string;
  source: 'browser' | 'server';
  message_id: string;
  event: ConversionsEvent;
  received_at: Date;
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
  const events = (await store.readStream(orderStreamName(orderId))) as unknown as OrderEvent[];
  return events.reduce<OrderView | undefined>(evolveOrderView, undefined);
}

/** The event to forward, or why there is none. */
async function conversionsEventOf(
  deps: TrackingConsumerDeps,
  message: TrackingMessage,
): Promise<{ event: ConversionsEvent } | { skip: string }> {
  if (message.source === 'browser') return { event: browserEvent(message) };
  const order = await loadOrder(deps.store, message.orderId);
  // Not in this shop's log: another shop sharing the bus.
  if (!order) return { skip: 'no such order in this shop' };
  return { event: serverPurchaseEvent(order, message.paidAt) };
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
    const { event } = found;
    const stored = await deps.db.transaction(async (trx) => {
      const claimed = await trx(TRACKING_TABLE)
        .insert({
          event_name: event.event_name,
          event_id: event.event_id,
          source: message.source,
          message_id: delivery.id,
          event: JSON.stringify(event),
        })
        .onConflict(['event_name', 'event_id'])
        .ignore()
        .returning('event_id');
      if (claimed.length === 0) return false;
      if (deps.sink) {
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
  return deps.bus.consume(
    {
      durable: deps.durable ?? 'tracking',
      subject: ALL_TRACKING_SUBJECTS,
      maxDeliver: TRACKING_MAX_DELIVER,
      backoffMs: TRACKING_BACKOFF_MS,
    },
    trackingHandler(deps),
  );
}
