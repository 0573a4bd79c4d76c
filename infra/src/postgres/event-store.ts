// The Postgres EventStore adapter (knex + pg). Appends go through es_append, concurrent ones together
// through es_append_batch (append-batcher.ts, event-store-schema.ts);
// readers never pass the safe position (safe-position.ts); live subscriptions wake on LISTEN/NOTIFY
// with a slow poll as a fallback for a lost notification, and share their reads (shared-tail.ts).
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import pg from 'pg';
import type { EventRegistry } from '@printshop/shared-events/event-registry';
import {
  StreamChanged,
  WrongExpectedVersion,
  type AppendResult,
  type EventShape,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type ReadStreamOptions,
  type Recorded,
  type RecordedEvent,
  type StreamMetadata,
  type UnchangedStream,
} from '@printshop/shared-events/event-store';
import { silentLogger, type Logger } from '@printshop/shared-events/logger';
import { connectionConfig } from '@printshop/projections/runner/connection';
import { appendBatcher, preparedQuery, type AppendBatcherOptions } from './append-batcher';
import { SafePosition } from './safe-position';
import { sharedTail } from './shared-tail';
import { subscribe } from './subscription';

export { migrateEventStore } from './event-store-schema';

const CHANNEL = 'es_appended';
const MIN_NOTIFY_GAP_MS = 20;

export interface PostgresEventStoreOptions {
  db: Knex;
  /** For the LISTEN connection, which must not come from the pool. */
  connectionString: string;
  registry?: EventRegistry;
  logger?: Logger;
  /** Fallback poll for live subscriptions when no notification arrives (ms). */
  pollIntervalMs?: number;
  /** Group commit of concurrent appends (append-batcher.ts). */
  appendBatching?: AppendBatcherOptions;
}

interface EventRow {
  position: number;
  event_id: string;
  stream_name: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_at: Date;
}

const columns = [
  'position',
  'event_id',
  'stream_name',
  'revision',
  'type',
  'data',
  'metadata',
  'recorded_at',
] as const;

export function createPostgresEventStore(options: PostgresEventStoreOptions): EventStore {
  const { db, registry } = options;
  const logger = options.logger ?? silentLogger;
  const safe = new SafePosition(db);
  const wakeups = new EventEmitter().setMaxListeners(0);
  const notifier = coalescingNotifier(db, logger);
  let listener: pg.Client | undefined;
  let listening: Promise<void> | undefined;
  let closed = false;

  const toRecorded = (row: EventRow): RecordedEvent => {
    const event: RecordedEvent = {
      id: row.event_id,
      type: row.type,
      data: row.data,
      metadata: row.metadata,
      streamName: row.stream_name,
      revision: row.revision,
      position: row.position,
      recordedAt: row.recorded_at,
    };
    return registry ? registry.upcast(event) : event;
  };

  const listen = (): Promise<void> => {
    listening ??= (async () => {
      while (!closed) {
        // The pool's bounds (connect timeout, keepalive) hold for the listener too.
        const client = new pg.Client({
          ...connectionConfig(db),
          connectionString: options.connectionString,
          keepAlive: true,
        });
        try {
          await client.connect();
          client.on('notification', () => wakeups.emit('wake'));
          await client.query(`listen ${CHANNEL}`);
          listener = client;
          await new Promise<void>((resolve) => {
            client.once('error', (error) => {
              logger.warn({ err: error }, 'event store listener lost; reconnecting');
              resolve();
            });
            client.once('end', () => resolve());
          });
        } catch (error) {
          if (!closed) logger.warn({ err: error }, 'event store listener cannot connect; retrying');
        } finally {
          listener = undefined;
          await client.end().catch(() => undefined);
        }
        if (!closed) {
          wakeups.emit('wake');
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
    })();
    return Promise.resolve();
  };

  const batcher = appendBatcher(db, options.appendBatching);

  const append = async (
    streamName: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
    unchanged: UnchangedStream | undefined,
  ): Promise<AppendResult> => {
    const validated = events.map((event) => (registry ? registry.validate(event) : event));
    const at = new Date().toISOString();
    const row = await batcher.append({
      stream: streamName,
      expected: String(expectedRevision),
      ids: validated.map((event) => event.id ?? randomUUID()),
      types: validated.map((event) => event.type),
      data: validated.map((event) => JSON.stringify(event.data ?? null)),
      metadata: validated.map((event) => JSON.stringify({ at, ...event.metadata })),
      unchangedStream: unchanged?.streamName,
      unchangedRevision: unchanged?.revision,
    });
    return { nextExpectedRevision: row.out_revision, position: row.out_position };
  };

  const tail = sharedTail({
    read: (fromPosition, maxCount) => store.readAll({ fromPosition, maxCount }),
    knownHead: () => safe.known,
  });

  const store: EventStore = {
    async appendToStream(streamName, events, appendOptions = {}) {
      if (events.length === 0) throw new Error('appendToStream needs at least one event');
      const expected = appendOptions.expectedRevision ?? 'any';
      for (let attempt = 0; ; attempt++) {
        try {
          const result = await append(streamName, events, expected, appendOptions.unchanged);
          // This process's own subscribers are woken at once; other processes by the NOTIFY.
          wakeups.emit('wake');
          notifier.poke();
          return result;
        } catch (error) {
          const pgError = error as { code?: string; detail?: string };
          if (pgError.code === 'PS001') {
            throw new WrongExpectedVersion(streamName, expected, Number(pgError.detail ?? -1));
          }
          if (pgError.code === 'PS003') {
            const { streamName: other, revision } = appendOptions.unchanged!;
            throw new StreamChanged(other, revision, Number(pgError.detail ?? -1));
          }
          // Same event id raced in from a concurrent retry: the next try answers idempotently.
          if (pgError.code === '23505' && attempt === 0) continue;
          throw error;
        }
      }
    },

    // The caller names the union its stream holds; the schemas checked it at append.
    async readStream<E extends EventShape = RecordedEvent>(
      streamName: string,
      readOptions: ReadStreamOptions = {},
    ): Promise<Array<Recorded<E>>> {
      const backwards = readOptions.direction === 'backwards';
      const query = db<EventRow>('es_events')
        .select<EventRow[]>(...columns)
        .where('stream_name', streamName)
        .orderBy('revision', backwards ? 'desc' : 'asc');
      if (readOptions.fromRevision !== undefined) {
        query.where('revision', backwards ? '<=' : '>=', readOptions.fromRevision);
      }
      if (readOptions.maxCount !== undefined) query.limit(readOptions.maxCount);
      return (await query).map(toRecorded) as Array<Recorded<E>>;
    },

    async streamRevision(streamName) {
      const { rows } = await preparedQuery<{ revision: number }>(db, {
        name: 'es_stream_revision_v1',
        text: 'select revision from es_streams where stream_name = $1',
        values: [streamName],
      });
      return rows[0]?.revision ?? -1;
    },

    async readAll(readOptions: ReadAllOptions = {}): Promise<ReadAllResult> {
      const from = readOptions.fromPosition ?? 0;
      const maxCount = readOptions.maxCount ?? 1000;
      const upTo = await safe.current();
      if (upTo <= from) return { events: [], lastPosition: from };
      const query = db<EventRow>('es_events')
        .select<EventRow[]>(...columns)
        .where('position', '>', from)
        .andWhere('position', '<=', upTo)
        .orderBy('position', 'asc')
        .limit(maxCount);
      const filter = readOptions.filter;
      if (filter?.eventTypes) query.whereIn('type', [...filter.eventTypes]);
      if (filter?.streamCategories) query.whereIn('category', [...filter.streamCategories]);
      const rows = await query;
      const lastPosition = rows.length === maxCount ? rows[rows.length - 1]!.position : upTo;
      return { events: rows.map(toRecorded), lastPosition };
    },

    subscribeToAll(subscribeOptions, handler) {
      void listen();
      const batchSize = subscribeOptions.batchSize ?? 500;
      return subscribe({
        read: (fromPosition, freshSince) =>
          tail.read(fromPosition, batchSize, subscribeOptions.filter, freshSince) ??
          store.readAll({ fromPosition, maxCount: batchSize, filter: subscribeOptions.filter }),
        mark: tail.mark,
        lagging: () => safe.lagging,
        batchSize,
        wakeups,
        pollIntervalMs: options.pollIntervalMs ?? 1000,
        fromPosition: subscribeOptions.fromPosition ?? 0,
        handler,
      });
    },

    headPosition: () => safe.current(),

    async getStreamMetadata(streamName) {
      const row = await db('es_stream_metadata').where('stream_name', streamName).first('metadata');
      return row?.metadata as StreamMetadata | undefined;
    },

    async setStreamMetadata(streamName, metadata) {
      await db('es_stream_metadata')
        .insert({ stream_name: streamName, metadata: JSON.stringify(metadata) })
        .onConflict('stream_name')
        .merge();
    },

    async close() {
      closed = true;
      await notifier.flush();
      wakeups.emit('wake');
      await listener?.end().catch(() => undefined);
    },
  };
  return store;
}

/**
 * NOTIFY after commit, at most one in flight and at most one per `MIN_NOTIFY_GAP_MS`: notifying
 * inside the append transaction would serialise every commit on Postgres's notification lock, and
 * each NOTIFY is a commit of its own. Under a stream of appends the subscribers are reading every
 * few milliseconds anyway; an append after a quiet spell is announced at once.
 */
function coalescingNotifier(db: Knex, logger: Logger) {
  let inFlight: Promise<void> | undefined;
  let again = false;
  let lastSent = -Infinity;
  const send = (): Promise<void> => {
    lastSent = performance.now();
    return db
      .raw('select pg_notify(?, ?)', [CHANNEL, ''])
      .then(() => undefined)
      .catch((error: unknown) =>
        logger.warn({ err: error }, 'event store notify failed; subscribers will poll'),
      )
      .then(async () => {
        if (!again) return;
        again = false;
        const wait = lastSent + MIN_NOTIFY_GAP_MS - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        await send();
      });
  };
  return {
    poke() {
      if (inFlight) again = true;
      else inFlight = send().finally(() => (inFlight = undefined));
    },
    async flush() {
      while (inFlight) await inFlight;
    },
  };
}
