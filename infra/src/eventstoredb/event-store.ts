// The EventStore port on EventStoreDB (chosen by EVENTSTORE_URL), through @eventstore/db-client v6.
// Global positions are the commit positions of $all: since EventStoreDB 20 every event of an
// append gets its own log position (commit = prepare), so they strictly increase, and the append
// result carries the position of the last event written.
import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { EventRegistry } from '@printshop/shared-events/event-registry';
import {
  InvalidEvent,
  StreamChanged,
  WrongExpectedVersion,
  matchesFilter,
  type EventMetadata,
  type EventShape,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllResult,
  type ReadStreamOptions,
  type Recorded,
  type RecordedEvent,
  type StreamMetadata,
  type Subscription,
} from '@printshop/shared-events/event-store';
import { silentLogger, type Logger } from '@printshop/shared-events/logger';
import { deliverInBatches, type Scanned } from './batch-delivery';

export interface EventStoreDbStoreOptions {
  /** e.g. esdb://admin:changeit@localhost:2113?tls=false */
  connectionString: string;
  /** When given, appends are validated against it and reads are upcast by it. */
  registry?: EventRegistry;
  logger?: Logger;
}

const DEFAULT_READ_ALL_MAX = 1000;
const DEFAULT_BATCH_SIZE = 500;
/** A subscription hands over what it has after this long without reaching batchSize. */
const IDLE_FLUSH_MS = 20;
/** $all is scanned in pages of this many records (filtered-out ones included). */
const MAX_PAGE = 4096;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Keys the client turns into EventStoreDB's own stream settings ($maxAge, $tb, $acl...). */
const RESERVED_METADATA_KEYS = new Set(['maxAge', 'maxCount', 'truncateBefore', 'cacheControl', 'acl']);

/**
 * Consumes a read to its end. Leaving it early (break, return, cancel) is not safe: when the server
 * has already sent everything, cancelling is a no-op and the unread rest keeps the gRPC call from
 * finishing, so it stays in the client (a leak) and `client.dispose()` waits for it forever.
 */
async function readToEnd<T>(read: AsyncIterable<T>, visit: (item: T) => void): Promise<void> {
  for await (const item of read) visit(item);
}

/** Commit position as a number; -1 when the server did not say (reads of a stream before 22.6). */
const positionOf = (position: Position | undefined): number =>
  position === undefined || position.commit > BigInt(Number.MAX_SAFE_INTEGER) ? -1 : Number(position.commit);

/** Our positions are exclusive; the server reads $all from a position inclusively (we drop that one). */
const readPosition = (position: number): ReadPosition =>
  position <= 0 ? START : { commit: BigInt(position), prepare: BigInt(position) };

const toExpectedRevision = (streamName: string, expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'any':
      return ANY;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new RangeError(
          `Expected revision of ${streamName} must be a revision >= 0, got ${String(expected)}`,
        );
      }
      return BigInt(expected);
  }
};

const isSystem = (streamName: string, type: string) => streamName.startsWith('$') || type.startsWith('$');

const asMetadata = (metadata: unknown): EventMetadata =>
  metadata !== null &&
  typeof metadata === 'object' &&
  !Array.isArray(metadata) &&
  !(metadata instanceof Uint8Array)
    ? (metadata as EventMetadata)
    : {};

export function createEventStoreDbStore(options: EventStoreDbStoreOptions): EventStore {
  const client = EventStoreDBClient.connectionString(options.connectionString);
  const { registry } = options;
  const logger = options.logger ?? silentLogger;
  const subscriptions = new Set<Subscription>();

  const recorded = (
    event: NonNullable<ResolvedEvent['event'] | AllStreamResolvedEvent['event']>,
    position: number,
  ): RecordedEvent => {
    const result: RecordedEvent = {
      id: event.id,
      type: event.type,
      data: event.data,
      metadata: asMetadata(event.metadata),
      streamName: event.streamId,
      revision: Number(event.revision),
      position,
      recordedAt: event.created,
    };
    return registry ? registry.upcast(result) : result;
  };

  const toEventData = (event: NewEvent) => {
    const valid = registry ? registry.validate(event) : event;
    const id = valid.id ?? randomUUID();
    if (!UUID.test(id)) throw new InvalidEvent(event.type, [`id: must be a uuid, got "${id}"`]);
    if (valid.data === undefined) throw new InvalidEvent(event.type, ['(data): is missing']);
    return jsonEvent({ id, type: valid.type, data: valid.data as JSONType, metadata: { ...valid.metadata } });
  };

  /**
   * Position of the event at `revision`, for an append the server answered without a position (an
   * idempotent repeat: the events were already written).
   */
  const positionAt = async (streamName: string, revision: bigint): Promise<number> => {
    let position = -1;
    await readToEnd(client.readStream(streamName, { fromRevision: revision, maxCount: 1 }), (resolved) => {
      position = positionOf(resolved.event?.position);
    });
    return position >= 0 ? position : store.headPosition();
  };

  const store: EventStore = {
    async appendToStream(streamName, events, appendOptions = {}) {
      const expected = appendOptions.expectedRevision ?? 'any';
      const expectedRevision = toExpectedRevision(streamName, expected);
      if (events.length === 0) throw new Error('appendToStream needs at least one event');
      const data = events.map(toEventData);
      // EventStoreDB appends to one stream at a time: the other stream is checked just before (not
      // in the same write, as on Postgres), which narrows the window to one round trip.
      const unchanged = appendOptions.unchanged;
      if (unchanged) {
        const actual = await store.streamRevision(unchanged.streamName);
        if (actual !== unchanged.revision)
          throw new StreamChanged(unchanged.streamName, unchanged.revision, actual);
      }
      let result: Awaited<ReturnType<typeof client.appendToStream>>;
      try {
        result = await client.appendToStream(streamName, data, { expectedRevision });
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          const actual = error.actualVersion === NO_STREAM ? -1 : Number(error.actualVersion);
          throw new WrongExpectedVersion(streamName, expected, actual);
        }
        throw error;
      }
      const position = positionOf(result.position);
      return {
        nextExpectedRevision: Number(result.nextExpectedRevision),
        position: position >= 0 ? position : await positionAt(streamName, result.nextExpectedRevision),
      };
    },

    async streamRevision(streamName) {
      const [last] = await store.readStream(streamName, { direction: 'backwards', maxCount: 1 });
      return last?.revision ?? -1;
    },

    // The caller names the union its stream holds; the schemas checked it at append.
    async readStream<E extends EventShape = RecordedEvent>(
      streamName: string,
      readOptions: ReadStreamOptions = {},
    ): Promise<Array<Recorded<E>>> {
      const direction = readOptions.direction === 'backwards' ? BACKWARDS : FORWARDS;
      const maxCount = readOptions.maxCount ?? Number.MAX_SAFE_INTEGER;
      if (maxCount <= 0) return [];
      const fromRevision =
        readOptions.fromRevision !== undefined
          ? BigInt(readOptions.fromRevision)
          : direction === BACKWARDS
            ? END
            : START;
      const result: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(streamName, { direction, fromRevision, maxCount })) {
          if (resolved.event) result.push(recorded(resolved.event, positionOf(resolved.event.position)));
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return result as Array<Recorded<E>>;
    },

    async readAll(readOptions = {}): Promise<ReadAllResult> {
      const maxCount = readOptions.maxCount ?? DEFAULT_READ_ALL_MAX;
      const events: RecordedEvent[] = [];
      let lastPosition = readOptions.fromPosition ?? 0;
      if (maxCount <= 0) return { events, lastPosition };
      // The client reads $all unfiltered: scan pages, keep the matches, and remember how far we looked.
      const pageSize = Math.min(Math.max(maxCount + 1, 64), MAX_PAGE);
      for (;;) {
        let seen = 0;
        await readToEnd(
          client.readAll({ fromPosition: readPosition(lastPosition), maxCount: pageSize }),
          (resolved) => {
            seen++;
            const event = resolved.event;
            // Past a full batch the rest of the page is only read to its end, not looked at.
            if (!event || events.length >= maxCount) return;
            const position = positionOf(event.position);
            if (position <= lastPosition) return;
            lastPosition = position;
            if (isSystem(event.streamId, event.type)) return;
            if (!matchesFilter({ type: event.type, streamName: event.streamId }, readOptions.filter)) return;
            events.push(recorded(event, position));
          },
        );
        if (events.length >= maxCount || seen < pageSize) return { events, lastPosition };
      }
    },

    subscribeToAll(subscribeOptions, handler) {
      const fromPosition = subscribeOptions.fromPosition ?? 0;
      const { filter } = subscribeOptions;
      // Unfiltered on purpose: a server-side filter drops the unwanted events, and its checkpoints
      // come only every so many of them, so lastPosition would stop short of the head when the last
      // events are unwanted (a projection then looks behind forever). Filtered here instead.
      const source = client.subscribeToAll({ fromPosition: readPosition(fromPosition) });
      const scan = (resolved: AllStreamResolvedEvent): Scanned | undefined => {
        const event = resolved.event;
        if (!event) return undefined;
        const position = positionOf(event.position);
        const wanted =
          !isSystem(event.streamId, event.type) &&
          matchesFilter({ type: event.type, streamName: event.streamId }, filter);
        return { position, event: wanted ? recorded(event, position) : undefined };
      };
      const subscription: Subscription = deliverInBatches({
        source,
        scan,
        fromPosition,
        batchSize: subscribeOptions.batchSize ?? DEFAULT_BATCH_SIZE,
        idleMs: IDLE_FLUSH_MS,
        handler,
        cancel: () => source.unsubscribe(),
        onEnd: () => {
          subscriptions.delete(subscription);
        },
        logger,
      });
      subscriptions.add(subscription);
      logger.debug({ fromPosition, filter }, 'subscribed to $all on EventStoreDB');
      return subscription;
    },

    async headPosition() {
      let head = 0;
      await readToEnd(
        client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }),
        (resolved) => {
          if (resolved.event) head = Math.max(positionOf(resolved.event.position), 0);
        },
      );
      return head;
    },

    async getStreamMetadata(streamName) {
      const result = await client.getStreamMetadata(streamName);
      return result.metadata ? ({ ...result.metadata } as StreamMetadata) : undefined;
    },

    async setStreamMetadata(streamName, metadata) {
      const reserved = Object.keys(metadata).filter(
        (key) => RESERVED_METADATA_KEYS.has(key) || key.startsWith('$'),
      );
      if (reserved.length > 0) {
        // The client would write these as the server's own settings (truncation, ACLs), not as ours.
        throw new RangeError(`Stream metadata keys reserved by EventStoreDB: ${reserved.join(', ')}`);
      }
      await client.setStreamMetadata(streamName, metadata);
    },

    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await client.dispose();
    },
  };
  return store;
}
