// The audit trail of every order (GET /api/admin/orders/:id): one row per event of an order's
// stream, with its type, time, actor and data, so the admin sees every event without any query
// reading the log. Rows follow from the events alone, so a rebuild is identical.
import { streamCategory, type RecordedEvent } from '@printshop/shared-events/event-store';
import { ORDER_EVENT_TYPES, ORDER_STREAM_CATEGORY } from '@printshop/shared-events/events/order';
import type { Projection } from '../runner/projection';

export const ORDER_AUDIT_PROJECTION = 'order_audit';
export const ORDER_EVENTS_TABLE = 'order_events';
const INSERT_CHUNK = 1000;

/** The command's time when the event carries one, else when it was recorded. */
const timeOf = (event: RecordedEvent) =>
  typeof event.metadata.at === 'string' ? event.metadata.at : event.recordedAt.toISOString();

/** `order-<orderId>` -> orderId (ids may contain '-'). */
const orderIdOf = (streamName: string) => streamName.slice(ORDER_STREAM_CATEGORY.length + 1);

export const orderAuditProjection: Projection = {
  name: ORDER_AUDIT_PROJECTION,
  eventTypes: ORDER_EVENT_TYPES,
  tables: [{ name: ORDER_EVENTS_TABLE, primaryKey: ['event_id'] }],
  async migrate(db, schema) {
    await db.raw(
      `create table if not exists ??.?? (
         event_id text primary key,
         order_id text not null,
         revision integer not null,
         position bigint not null,
         type text not null,
         at timestamptz not null,
         actor text,
         data jsonb not null
       )`,
      [schema, ORDER_EVENTS_TABLE],
    );
    await db.raw('create index if not exists order_events_by_order on ??.?? (order_id, position)', [
      schema,
      ORDER_EVENTS_TABLE,
    ]);
  },
  async apply(events, trx, schema) {
    const rows = events
      .filter((event) => streamCategory(event.streamName) === ORDER_STREAM_CATEGORY)
      .map((event) => ({
        event_id: event.id,
        order_id: orderIdOf(event.streamName),
        revision: event.revision,
        position: event.position,
        type: event.type,
        at: timeOf(event),
        actor: typeof event.metadata.actor === 'string' ? event.metadata.actor : null,
        data: JSON.stringify(event.data),
      }));
    // In chunks: a rebuild's batch of thousands would pass Postgres' limit of bound parameters.
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await trx
        .withSchema(schema)
        .table(ORDER_EVENTS_TABLE)
        .insert(rows.slice(start, start + INSERT_CHUNK))
        .onConflict('event_id')
        .ignore();
    }
  },
};
