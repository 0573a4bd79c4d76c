// PROTOCOL STAND-IN, NOT EVENTSTOREDB: the in-memory log behind the stand-in gRPC server
// (./server.ts). It follows the server's documented semantics as far as our adapter can observe them:
// one $all order with commit = prepare positions that increase monotonically (and not by 1: they are
// byte offsets on a real server, so here they grow by the record's size), stream revisions from 0,
// the four expected-revision modes, idempotent re-append of the same event ids, stream metadata in
// the `$$<stream>` stream, soft delete (reads answer "stream not found") and tombstones (answer
// "stream deleted"). Nothing here is taken from the server's source; what only a real server can
// show (its idempotency window, cluster ordering, ACLs, scavenging...) is listed in docs/design.md.
import { EventEmitter } from 'node:events';

export type Expected =
  | { kind: 'any' }
  | { kind: 'no_stream' }
  | { kind: 'stream_exists' }
  | { kind: 'revision'; revision: bigint };

export interface ProposedEvent {
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
}

export interface LogRecord extends ProposedEvent {
  streamName: string;
  revision: bigint;
  /** commit = prepare: one position per event, as EventStoreDB 20+ writes them. */
  position: bigint;
  /** .NET ticks (100 ns) since the Unix epoch, as the server's `created` metadata carries them. */
  created: bigint;
}

export type AppendOutcome =
  | { result: 'written' | 'idempotent'; currentRevision: bigint; position?: bigint }
  | { result: 'wrong_expected_version'; currentRevision?: bigint; expected: Expected }
  | { result: 'stream_deleted' };

export type StreamRead =
  { result: 'events'; records: LogRecord[] } | { result: 'stream_not_found' } | { result: 'stream_deleted' };

interface StreamState {
  records: LogRecord[];
  /** Event ids at their revision, for the idempotency check. */
  revisionOf: Map<string, bigint>;
  tombstoned: boolean;
  /** Set by a soft delete: the stream reads as not found until something is appended again. */
  deleted: boolean;
}

/** Bytes a real log would spend on a record besides its payload; only makes positions sparse. */
const RECORD_OVERHEAD = 96n;
const TICKS_PER_MS = 10_000n;
export const metastreamOf = (streamName: string) => `$$${streamName}`;

export class StandInLog {
  readonly all: LogRecord[] = [];
  private readonly streams = new Map<string, StreamState>();
  private nextPosition = 0n;
  /** Emits 'appended' after each write, for live subscriptions. */
  readonly events = new EventEmitter().setMaxListeners(0);

  constructor() {
    // A real server writes its own epoch records first, so no user event ever sits at position 0.
    this.write('$epoch-information', [
      {
        id: '00000000-0000-4000-8000-000000000000',
        type: '$epoch',
        contentType: 'application/json',
        data: Buffer.from('{"standIn":true}'),
        customMetadata: new Uint8Array(),
      },
    ]);
  }

  append(streamName: string, expected: Expected, proposed: ProposedEvent[]): AppendOutcome {
    const stream = this.streams.get(streamName);
    if (stream?.tombstoned) return { result: 'stream_deleted' };
    const exists = !!stream && !stream.deleted && stream.records.length > 0;
    const current = exists ? stream.records.at(-1)!.revision : undefined;

    const repeat = stream && this.idempotentRepeat(stream, expected, proposed);
    if (repeat === 'partial') return { result: 'wrong_expected_version', currentRevision: current, expected };
    if (repeat !== undefined) return { result: 'idempotent', currentRevision: repeat };

    const fits =
      expected.kind === 'any' ||
      (expected.kind === 'no_stream' && !exists) ||
      (expected.kind === 'stream_exists' && exists) ||
      (expected.kind === 'revision' && current === expected.revision);
    if (!fits) return { result: 'wrong_expected_version', currentRevision: current, expected };
    if (proposed.length === 0) {
      return { result: 'written', currentRevision: current ?? -1n };
    }
    const written = this.write(streamName, proposed);
    return {
      result: 'written',
      currentRevision: written.at(-1)!.revision,
      position: written.at(-1)!.position,
    };
  }

  /**
   * The revision of the last event when `proposed` was already written at the place the expected
   * revision points to (the server then answers success without writing); 'partial' when only some
   * of the ids match there (the server refuses that as a wrong expected version).
   */
  private idempotentRepeat(
    stream: StreamState,
    expected: Expected,
    proposed: ProposedEvent[],
  ): bigint | 'partial' | undefined {
    const first = proposed[0];
    if (!first) return undefined;
    const start =
      expected.kind === 'no_stream'
        ? 0n
        : expected.kind === 'revision'
          ? expected.revision + 1n
          : stream.revisionOf.get(first.id);
    if (start === undefined || stream.records[Number(start)]?.id !== first.id) return undefined;
    const all = proposed.every((event, i) => stream.records[Number(start) + i]?.id === event.id);
    return all ? start + BigInt(proposed.length - 1) : 'partial';
  }

  private write(streamName: string, proposed: ProposedEvent[]): LogRecord[] {
    let stream = this.streams.get(streamName);
    if (!stream) {
      stream = { records: [], revisionOf: new Map(), tombstoned: false, deleted: false };
      this.streams.set(streamName, stream);
    }
    stream.deleted = false;
    const created = BigInt(Date.now()) * TICKS_PER_MS;
    const written = proposed.map((event) => {
      const record: LogRecord = {
        ...event,
        streamName,
        revision: BigInt(stream.records.length),
        position: this.nextPosition,
        created,
      };
      this.nextPosition += RECORD_OVERHEAD + BigInt(event.data.length + event.customMetadata.length);
      stream.records.push(record);
      stream.revisionOf.set(event.id, record.revision);
      this.all.push(record);
      return record;
    });
    this.events.emit('appended');
    return written;
  }

  /** Up to `count` records from `from` (a revision; undefined: the start or the end). */
  readStream(
    streamName: string,
    direction: 'forwards' | 'backwards',
    from: bigint | undefined,
    count: number,
  ): StreamRead {
    const stream = this.streams.get(streamName);
    if (stream?.tombstoned) return { result: 'stream_deleted' };
    if (!stream || stream.deleted || stream.records.length === 0) return { result: 'stream_not_found' };
    const visible = stream.records.slice(Number(this.truncateBefore(streamName)));
    const records =
      direction === 'forwards'
        ? visible.filter((r) => from === undefined || r.revision >= from).slice(0, count)
        : visible
            .filter((r) => from === undefined || r.revision <= from)
            .reverse()
            .slice(0, count);
    return { result: 'events', records };
  }

  /** Soft delete: the server records it as `$tb` (truncate before) in the stream's metadata. */
  deleteStream(streamName: string, expected: Expected): AppendOutcome {
    const stream = this.streams.get(streamName);
    if (stream?.tombstoned) return { result: 'stream_deleted' };
    const current = stream && !stream.deleted ? stream.records.at(-1)?.revision : undefined;
    const fits =
      expected.kind === 'any' ||
      (expected.kind === 'no_stream' && current === undefined) ||
      (expected.kind === 'stream_exists' && current !== undefined) ||
      (expected.kind === 'revision' && current === expected.revision);
    if (!fits) return { result: 'wrong_expected_version', currentRevision: current, expected };
    const truncateBefore = BigInt(stream?.records.length ?? 0);
    const [meta] = this.write(metastreamOf(streamName), [
      {
        id: crypto.randomUUID(),
        type: '$metadata',
        contentType: 'application/json',
        data: Buffer.from(JSON.stringify({ ...this.metadataOf(streamName), $tb: Number(truncateBefore) })),
        customMetadata: new Uint8Array(),
      },
    ]);
    if (stream) stream.deleted = true;
    return { result: 'written', currentRevision: current ?? -1n, position: meta!.position };
  }

  tombstone(streamName: string, expected: Expected): AppendOutcome {
    const outcome = this.deleteStream(streamName, expected);
    if (outcome.result !== 'written') return outcome;
    const stream = this.streams.get(streamName) ?? {
      records: [],
      revisionOf: new Map(),
      tombstoned: true,
      deleted: true,
    };
    stream.tombstoned = true;
    this.streams.set(streamName, stream);
    return outcome;
  }

  private metadataOf(streamName: string): Record<string, unknown> {
    const meta = this.streams.get(metastreamOf(streamName))?.records.at(-1);
    if (!meta) return {};
    try {
      return JSON.parse(Buffer.from(meta.data).toString('utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  }

  private truncateBefore(streamName: string): bigint {
    const tb = this.metadataOf(streamName).$tb;
    return typeof tb === 'number' && Number.isSafeInteger(tb) && tb > 0 ? BigInt(tb) : 0n;
  }

  /** Index in `all` of the first record at or after `position`. */
  indexAtOrAfter(position: bigint): number {
    let low = 0;
    let high = this.all.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.all[middle]!.position < position) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
