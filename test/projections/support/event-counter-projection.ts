// A small projection for the runner's tests: how many events each stream category and each stream
// has seen. Counting is not idempotent, so applying a batch twice (or losing one) shows in the rows.
import type { Knex } from 'knex';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import { streamCategory } from '@printshop/shared-events/event-store';
import type { Projection } from '@printshop/projections/runner/projection';

export const COUNTED_TYPES = ['ItemAdded', 'ItemRemoved'] as const;

export function eventCounterProjection(
  options: {
    name?: string;
    /** Throw on this event (a projection bug). */
    failOn?: (event: RecordedEvent) => boolean;
    /** Hold each batch's transaction open this long (lets observers see the runner mid-way). */
    applyDelayMs?: number;
  } = {},
): Projection {
  return {
    name: options.name ?? 'event_counter',
    eventTypes: COUNTED_TYPES,
    tables: [
      { name: 'category_counts', primaryKey: ['category'] },
      { name: 'stream_counts', primaryKey: ['stream_name'] },
    ],
    async migrate(db: Knex, schema: string) {
      await db.raw(
        `create table if not exists ??.category_counts (
           category text primary key,
           events bigint not null,
           last_position bigint not null
         )`,
        [schema],
      );
      await db.raw(
        `create table if not exists ??.stream_counts (
           stream_name text primary key,
           events bigint not null,
           last_revision bigint not null,
           last_at timestamptz not null
         )`,
        [schema],
      );
    },
    async apply(events: RecordedEvent[], trx: Knex.Transaction, schema: string) {
      const categories = new Map<string, { events: number; last_position: number }>();
      const streams = new Map<string, { events: number; last_revision: number; last_at: Date }>();
      for (const event of events) {
        if (options.failOn?.(event)) throw new Error(`cannot count event ${event.id} (${event.type})`);
        const category = categories.get(streamCategory(event.streamName)) ?? { events: 0, last_position: 0 };
        categories.set(streamCategory(event.streamName), {
          events: category.events + 1,
          last_position: event.position,
        });
        const stream = streams.get(event.streamName);
        streams.set(event.streamName, {
          events: (stream?.events ?? 0) + 1,
          last_revision: event.revision,
          last_at: event.recordedAt,
        });
      }
      if (options.applyDelayMs) await new Promise((resolve) => setTimeout(resolve, options.applyDelayMs));
      if (categories.size > 0) {
        await trx
          .withSchema(schema)
          .table('category_counts')
          .insert([...categories].map(([category, row]) => ({ category, ...row })))
          .onConflict('category')
          .merge({
            events: trx.raw('category_counts.events + excluded.events'),
            last_position: trx.raw('excluded.last_position'),
          });
      }
      if (streams.size > 0) {
        await trx
          .withSchema(schema)
          .table('stream_counts')
          .insert([...streams].map(([stream_name, row]) => ({ stream_name, ...row })))
          .onConflict('stream_name')
          .merge({
            events: trx.raw('stream_counts.events + excluded.events'),
            last_revision: trx.raw('excluded.last_revision'),
            last_at: trx.raw('excluded.last_at'),
          });
      }
    },
  };
}
