// The EventStore port: the only way state changes are written (DESIGN.md "The event log").
// Adapters live in infra/ (Postgres by default, EventStoreDB when EVENTSTORE_URL is set).
// Positions and revisions are plain numbers: both stay far below 2^53 in any real shop.

/** What the writer believes about the stream before appending. */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | number;

export interface EventMetadata {
  /** Who caused it: a user id, 'system', 'admin:<id>', 'guest:<session>'... */
  actor?: string;
  correlationId?: string;
  causationId?: string;
  /** ISO-8601 time the command was decided; passed in, never read inside deciders. */
  at?: string;
  /** Schema version of `data` as written; readers upcast older versions. */
  schemaVersion?: number;
  [key: string]: unknown;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** uuid; generated when missing. Appending the same id to a stream twice writes it once. */
  id?: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  streamName: string;
  /** 0-based position of the event in its stream. */
  revision: number;
  /** Global position in `$all`; strictly increasing in the order subscribers see events. */
  position: number;
  recordedAt: Date;
}

/** What every event is, before the aggregates' unions narrow it. */
export interface EventShape {
  type: string;
  data: unknown;
}

/**
 * An event of the union `E` as the log holds it. An intersection, so `type` still narrows `data`
 * and a recorded event is its aggregate's event without a cast.
 */
export type Recorded<E extends EventShape> = E & Omit<RecordedEvent, 'type' | 'data'>;

/**
 * Another stream the decision read, which must still be at `revision` (-1: not existing) when the
 * events are written: a decision made on a kept copy of it (the catalog) is refused instead of
 * written when that stream moved meanwhile, and made again on the new state.
 */
export interface UnchangedStream {
  streamName: string;
  revision: number;
}

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
  unchanged?: UnchangedStream;
}

export interface AppendResult {
  /** Revision of the last event now in the stream (pass it as the next expected revision). */
  nextExpectedRevision: number;
  /** Global position of the last event appended (X-Event-Position). */
  position: number;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive revision to start from; defaults to the start (forwards) or the end (backwards). */
  fromRevision?: number;
  maxCount?: number;
}

export interface EventFilter {
  eventTypes?: readonly string[];
  /** Stream categories: the part of the stream name before the first '-'. */
  streamCategories?: readonly string[];
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. 0 reads from the beginning. */
  fromPosition?: number;
  maxCount?: number;
  filter?: EventFilter;
}

export interface ReadAllResult {
  events: RecordedEvent[];
  /**
   * The position this read has safely looked through, matching or not. A reader that continues
   * from here never skips an event, even one whose transaction committed late.
   */
  lastPosition: number;
}

export interface SubscribeOptions {
  fromPosition?: number;
  filter?: EventFilter;
  batchSize?: number;
}

/** Handler of one batch; the subscription waits for it before reading further (back-pressure). */
export type BatchHandler = (batch: ReadAllResult) => Promise<void>;

export interface Subscription {
  /** Stops reading; resolves when the handler in flight (if any) has finished. */
  stop(): Promise<void>;
  /** Resolves when the subscription stops, rejects if a handler throws. */
  readonly done: Promise<void>;
}

export interface StreamMetadata {
  [key: string]: unknown;
}

export interface EventStore {
  appendToStream(
    streamName: string,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /**
   * The stream's events, typed as the union `E` its aggregate writes (the stream name decides which
   * events it holds; their schemas were checked at append and upcast on read).
   */
  readStream<E extends EventShape = RecordedEvent>(
    streamName: string,
    options?: ReadStreamOptions,
  ): Promise<Array<Recorded<E>>>;
  /** The stream's last revision, -1 when it does not exist; no event is read (a hot check per request). */
  streamRevision(streamName: string): Promise<number>;
  readAll(options?: ReadAllOptions): Promise<ReadAllResult>;
  /** Catch-up from `fromPosition`, then live, in batches, never skipping nor repeating an event. */
  subscribeToAll(options: SubscribeOptions, handler: BatchHandler): Subscription;
  /** The last safely readable global position (0 when empty). */
  headPosition(): Promise<number>;
  getStreamMetadata(streamName: string): Promise<StreamMetadata | undefined>;
  setStreamMetadata(streamName: string, metadata: StreamMetadata): Promise<void>;
  close(): Promise<void>;
}

/** The expected revision did not match the stream. */
export class WrongExpectedVersion extends Error {
  override readonly name = 'WrongExpectedVersion';
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    /** -1 when the stream does not exist. */
    readonly actual: number,
  ) {
    super(`Wrong expected version on ${streamName}: expected ${String(expected)}, actual ${actual}`);
  }
}

/** The append named an `unchanged` stream that had moved: nothing was written. */
export class StreamChanged extends Error {
  override readonly name = 'StreamChanged';
  constructor(
    readonly streamName: string,
    readonly expected: number,
    /** -1 when the stream does not exist. */
    readonly actual: number,
  ) {
    super(`Stream ${streamName} changed: expected revision ${expected}, actual ${actual}`);
  }
}

/** An event failed its schema (or has no schema) at append. */
export class InvalidEvent extends Error {
  override readonly name = 'InvalidEvent';
  constructor(
    readonly eventType: string,
    readonly issues: string[],
  ) {
    super(`Invalid event ${eventType}: ${issues.join('; ')}`);
  }
}

export const streamCategory = (streamName: string): string => {
  const dash = streamName.indexOf('-');
  return dash === -1 ? streamName : streamName.slice(0, dash);
};

export const streamName = (category: string, id: string): string => `${category}-${id}`;

export const matchesFilter = (
  event: Pick<RecordedEvent, 'type' | 'streamName'>,
  filter?: EventFilter,
): boolean =>
  (!filter?.eventTypes || filter.eventTypes.includes(event.type)) &&
  (!filter?.streamCategories || filter.streamCategories.includes(streamCategory(event.streamName)));
