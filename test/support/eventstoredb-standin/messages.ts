// The EventStoreDB stand-in's conversions between the protocol's messages and its log's records,
// and the answers and errors it sends (server.ts serves them).
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Metadata, status as grpcStatus, type ServerWritableStream } from '@grpc/grpc-js';
import type * as StreamsPb from '@eventstore/db-client/generated/streams_pb';
import type * as SharedPb from '@eventstore/db-client/generated/shared_pb';
import type { Code } from '@eventstore/db-client/generated/code_pb';
import { type AppendOutcome, type Expected, type LogRecord, type ProposedEvent } from './log';
import { Any, Empty, shared, status, streams } from './protocol';

/** Records scanned per filter window when the client leaves it to the server (as the docs give). */
export const DEFAULT_SEARCH_WINDOW = 32;
export const VERSION = '0.0.0-protocol-stand-in';
export const { ReadReq, ReadResp, AppendResp, BatchAppendResp, DeleteResp, TombstoneResp } = streams;
export const BACKWARDS = ReadReq.Options.ReadDirection.BACKWARDS;

export const streamName = (identifier: SharedPb.StreamIdentifier | undefined) =>
  Buffer.from(identifier?.getStreamName_asU8() ?? new Uint8Array()).toString('utf8');

export const identifierOf = (name: string) =>
  new shared.StreamIdentifier().setStreamName(Buffer.from(name, 'utf8'));

export const uuidOf = (uuid: SharedPb.UUID | undefined): string => {
  if (!uuid) return randomUUID();
  if (uuid.hasString()) return uuid.getString();
  const structured = uuid.getStructured()!;
  const bytes = Buffer.alloc(16);
  bytes.writeBigInt64BE(BigInt(structured.getMostSignificantBits()), 0);
  bytes.writeBigInt64BE(BigInt(structured.getLeastSignificantBits()), 8);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** A gRPC error the client turns into its typed errors (it reads the `exception` trailer). */
export function serverError(
  code: grpcStatus,
  exception: string,
  details: string,
  extra: Record<string, string> = {},
) {
  const metadata = new Metadata();
  metadata.set('exception', exception);
  for (const [key, value] of Object.entries(extra)) metadata.set(key, value);
  return Object.assign(new Error(details), { code, details, metadata });
}

export const streamDeleted = (name: string) =>
  serverError(grpcStatus.FAILED_PRECONDITION, 'stream-deleted', `Event stream '${name}' is deleted.`, {
    'stream-name': name,
  });

export function proposedEvent(
  message: StreamsPb.AppendReq.ProposedMessage | StreamsPb.BatchAppendReq.ProposedMessage,
) {
  const metadata = message.getMetadataMap();
  const event: ProposedEvent = {
    id: uuidOf(message.getId()),
    type: metadata.get('type') ?? '',
    contentType: metadata.get('content-type') ?? 'application/octet-stream',
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  };
  return event;
}

export function recordedEvent(record: LogRecord): StreamsPb.ReadResp.ReadEvent {
  const recorded = new ReadResp.ReadEvent.RecordedEvent()
    .setId(new shared.UUID().setString(record.id))
    .setStreamIdentifier(identifierOf(record.streamName))
    .setStreamRevision(record.revision.toString())
    .setCommitPosition(record.position.toString())
    .setPreparePosition(record.position.toString())
    .setData(record.data)
    .setCustomMetadata(record.customMetadata);
  recorded
    .getMetadataMap()
    .set('type', record.type)
    .set('content-type', record.contentType)
    .set('created', record.created.toString());
  return new ReadResp.ReadEvent().setEvent(recorded).setCommitPosition(record.position.toString());
}

export interface CompiledFilter {
  matches(record: LogRecord): boolean;
  /** A checkpoint after this many records scanned; undefined: no filter, no checkpoints. */
  checkpointEvery?: number;
}

export function compileFilter(options: StreamsPb.ReadReq.Options): CompiledFilter {
  if (!options.hasFilter()) return { matches: () => true };
  const filter = options.getFilter()!;
  const onStream = filter.hasStreamIdentifier();
  const expression = onStream ? filter.getStreamIdentifier()! : filter.getEventType()!;
  const prefixes = expression.getPrefixList();
  const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : undefined;
  const window = filter.hasMax() ? filter.getMax() : DEFAULT_SEARCH_WINDOW;
  return {
    matches(record) {
      const subject = onStream ? record.streamName : record.type;
      if (prefixes.length > 0) return prefixes.some((prefix) => subject.startsWith(prefix));
      return regex ? regex.test(subject) : true;
    },
    checkpointEvery: Math.max(1, window * Math.max(1, filter.getCheckpointintervalmultiplier())),
  };
}

/** Writes with backpressure: waits for 'drain' when the HTTP/2 stream's buffer is full. */
export async function send(
  call: ServerWritableStream<StreamsPb.ReadReq, StreamsPb.ReadResp>,
  message: StreamsPb.ReadResp,
) {
  if (call.cancelled || call.write(message)) return;
  const done = new AbortController();
  await Promise.race([
    once(call, 'drain', { signal: done.signal }),
    once(call, 'cancelled', { signal: done.signal }),
  ]).finally(() => done.abort());
}

export function expectedOf(options: {
  hasAny(): boolean;
  hasNoStream(): boolean;
  hasStreamExists(): boolean;
  revision: () => string;
}): Expected {
  if (options.hasNoStream()) return { kind: 'no_stream' };
  if (options.hasStreamExists()) return { kind: 'stream_exists' };
  if (options.hasAny()) return { kind: 'any' };
  return { kind: 'revision', revision: BigInt(options.revision()) };
}

export function batchAppendResponse(
  correlation: string,
  name: string,
  expected: Expected,
  outcome: AppendOutcome,
) {
  const response = new BatchAppendResp()
    .setCorrelationId(new shared.UUID().setString(correlation))
    .setStreamIdentifier(identifierOf(name));
  if (expected.kind === 'revision') response.setStreamPosition(expected.revision.toString());
  else if (expected.kind === 'no_stream') response.setNoStream(new Empty());
  else if (expected.kind === 'stream_exists') response.setStreamExists(new Empty());
  else response.setAny(new Empty());
  if (outcome.result === 'stream_deleted' || outcome.result === 'wrong_expected_version') {
    // Errors travel as google.rpc.Status whose details pack the server's own error message.
    const error = new status.Status().setCode(grpcStatus.FAILED_PRECONDITION as number as Code);
    if (outcome.result === 'stream_deleted') {
      const deleted = new shared.StreamDeleted().setStreamIdentifier(identifierOf(name));
      error.setMessage(`Event stream '${name}' is deleted.`);
      error.setDetails(packed(deleted.serializeBinary(), 'event_store.client.StreamDeleted'));
    } else {
      const wrong = new shared.WrongExpectedVersion();
      if (outcome.currentRevision === undefined) wrong.setCurrentNoStream(new Empty());
      else wrong.setCurrentStreamRevision(outcome.currentRevision.toString());
      if (expected.kind === 'revision') wrong.setExpectedStreamPosition(expected.revision.toString());
      else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new Empty());
      else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new Empty());
      else wrong.setExpectedAny(new Empty());
      error.setMessage('Wrong expected version.');
      error.setDetails(packed(wrong.serializeBinary(), 'event_store.client.WrongExpectedVersion'));
    }
    return response.setError(error);
  }
  const success = new BatchAppendResp.Success().setCurrentRevision(outcome.currentRevision.toString());
  if (outcome.position === undefined) success.setNoPosition(new Empty());
  else {
    const position = outcome.position.toString();
    success.setPosition(
      new shared.AllStreamPosition().setCommitPosition(position).setPreparePosition(position),
    );
  }
  return response.setSuccess(success);
}

export function packed(bytes: Uint8Array, typeName: string) {
  const any = new Any();
  any.pack(bytes, typeName);
  return any;
}

export function deleteExpected(
  request: StreamsPb.DeleteReq.Options | StreamsPb.TombstoneReq.Options,
): Expected {
  return expectedOf({
    hasAny: () => request.hasAny(),
    hasNoStream: () => request.hasNoStream(),
    hasStreamExists: () => request.hasStreamExists(),
    revision: () => request.getRevision(),
  });
}

/** Delete and Tombstone answer failures as gRPC errors with the `exception` trailer. */
export function deleteError(name: string, outcome: AppendOutcome, expected: Expected) {
  if (outcome.result !== 'wrong_expected_version') return streamDeleted(name);
  const versions: Record<string, string> = {
    'stream-name': name,
    'expected-version': expected.kind === 'revision' ? expected.revision.toString() : '-1',
  };
  if (outcome.currentRevision !== undefined) versions['actual-version'] = outcome.currentRevision.toString();
  return serverError(
    grpcStatus.FAILED_PRECONDITION,
    'wrong-expected-version',
    'Wrong expected version.',
    versions,
  );
}
