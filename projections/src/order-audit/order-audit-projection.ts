// The audit trail of every order (GET /api/admin/orders/:id): one row per event of an order's
// stream, with its type, time, actor and data, so the admin sees every event without any query
// reading the log. Rows follow from the events alone, so a rebuild is identical.
import { streamCategory, type RecordedEvent } from '@printshop/shared-events/event-store';
import { ORDER_EVENT_TYPES, ORDER_STREAM_CATEGORY } from '@printshop/shared-events/events/order';
import {
  ORDER_AUDIT_PROJECTION,
  ORDER_AUDIT_READ_MODEL,
  ORDER_EVENTS_TABLE,
} from '@printshop/shared-events/order-audit-read-model';
import { createTables } from '../runner/create-tables';
import type { Projection } from '../runner/projection';

export { ORDER_AUDIT_PROJECTION, ORDER_EVENTS_TABLE };

const INSERT_CHUNK = 1000;

/** The command's time when the event carries one, else when it was recorded. */
const timeOf = (event: RecordedEvent) =>
  typeof event.metadata.at === 'string' ? event.metadata.at : event.recordedAt.toISOString();

/** `order-<orderId>` -> orderId (ids may contain '-'). */
const orderIdOf = (streamName: string) => streamName.slice(ORDER_STREAM_CATEGORY.length + 1);

export const orderAuditProjection: Projection = {
  name: ORDER_AUDIT_PROJECTION,
  eventTypes: ORDER_EVENT_TYPES,
  tables: ORDER_AUDIT_READ_MODEL.tables,
  async migrate(db, schema) {
    await createTables(db, schema, ORDER_AUDIT_READ_MODEL.tables);
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
