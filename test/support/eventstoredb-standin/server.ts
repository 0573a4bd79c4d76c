// PROTOCOL STAND-IN, NOT EVENTSTOREDB. An in-process gRPC server for the parts of EventStoreDB's
// client protocol our adapter uses, so that infra/src/eventstoredb runs through the official client
// (@eventstore/db-client), real HTTP/2, gRPC and protobuf over loopback. It serves:
// - ServerFeatures.GetSupportedMethods, which the client asks first (it then appends with
//   BatchAppend, as it does against servers 21.10+; `batchAppend: false` makes it fall back to Append,
//   as against older servers);
// - Streams.Read (a stream forwards/backwards, $all forwards/backwards, $all subscriptions with the
//   stream-name/event-type prefix or regex filters and their checkpoints), Streams.Append,
//   Streams.BatchAppend, Streams.Delete and Streams.Tombstone.
// Connection string: esdb://127.0.0.1:<port>?tls=false (single node: no gossip is asked for).
// Not served: TLS, credentials/ACLs, gossip and cluster discovery, persistent subscriptions,
// projections, stream subscriptions, operations. docs/design.md lists what only a real server proves.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import {
  Server,
  ServerCredentials,
  status as grpcStatus,
  type sendUnaryData,
  type ServerDuplexStream,
  type ServerReadableStream,
  type ServerUnaryCall,
  type ServerWritableStream,
} from '@grpc/grpc-js';
import type * as StreamsPb from '@eventstore/db-client/generated/streams_pb';
import type { IStreamsServer } from '@eventstore/db-client/generated/streams_grpc_pb';
import { StandInLog, type Expected, type ProposedEvent } from './log';
import { serverFeatures, serverFeaturesGrpc, shared, streamsGrpc } from './protocol';
import {
  AppendResp,
  BACKWARDS,
  batchAppendResponse,
  compileFilter,
  deleteError,
  deleteExpected,
  DeleteResp,
  expectedOf,
  identifierOf,
  proposedEvent,
  ReadResp,
  recordedEvent,
  send,
  serverError,
  streamDeleted,
  streamName,
  TombstoneResp,
  uuidOf,
  VERSION,
} from './messages';

export interface StandInOptions {
  /** 0 (default): a free port. */
  port?: number;
  /** Advertise BatchAppend (true, like servers 21.10+) or only Append (like older servers). */
  batchAppend?: boolean;
}

export interface EventStoreDbStandIn {
  /** esdb://127.0.0.1:<port>?tls=false */
  url: string;
  port: number;
  log: StandInLog;
  close(): Promise<void>;
}

export async function startEventStoreDbStandIn(options: StandInOptions = {}): Promise<EventStoreDbStandIn> {
  const log = new StandInLog();
  const server = new Server();

  async function readStream(
    call: ServerWritableStream<StreamsPb.ReadReq, StreamsPb.ReadResp>,
    request: StreamsPb.ReadReq.Options,
  ) {
    const stream = request.getStream()!;
    const name = streamName(stream.getStreamIdentifier());
    const backwards = request.getReadDirection() === BACKWARDS;
    const from = stream.hasRevision() ? BigInt(stream.getRevision()) : undefined;
    const count = Number(request.getCount());
    // From the end forwards there is nothing; from the start backwards only revision 0.
    const read =
      stream.hasEnd() && !backwards
        ? log.readStream(name, 'forwards', BigInt(Number.MAX_SAFE_INTEGER), count)
        : stream.hasStart() && backwards
          ? log.readStream(name, 'backwards', 0n, count)
          : log.readStream(name, backwards ? 'backwards' : 'forwards', from, count);
    if (read.result === 'stream_deleted') return void call.emit('error', streamDeleted(name));
    if (read.result === 'stream_not_found') {
      const notFound = new ReadResp.StreamNotFound().setStreamIdentifier(identifierOf(name));
      await send(call, new ReadResp().setStreamNotFound(notFound));
      return call.end();
    }
    for (const record of read.records) await send(call, new ReadResp().setEvent(recordedEvent(record)));
    call.end();
  }

  async function readAll(
    call: ServerWritableStream<StreamsPb.ReadReq, StreamsPb.ReadResp>,
    request: StreamsPb.ReadReq.Options,
  ) {
    const all = request.getAll()!;
    const backwards = request.getReadDirection() === BACKWARDS;
    const filter = compileFilter(request);
    let count = Number(request.getCount());
    const position = all.hasPosition() ? BigInt(all.getPosition()!.getCommitPosition()) : undefined;
    if (backwards) {
      // Backwards from a position: the records before it; from the end: from the last one.
      let index =
        position === undefined || all.hasEnd() ? log.all.length - 1 : log.indexAtOrAfter(position) - 1;
      if (all.hasStart()) index = -1;
      for (; index >= 0 && count > 0 && !call.cancelled; index--) {
        const record = log.all[index]!;
        if (!filter.matches(record)) continue;
        await send(call, new ReadResp().setEvent(recordedEvent(record)));
        count--;
      }
    } else {
      // Forwards from a position: inclusive of the record at it.
      let index = all.hasEnd() ? log.all.length : position === undefined ? 0 : log.indexAtOrAfter(position);
      for (; index < log.all.length && count > 0 && !call.cancelled; index++) {
        const record = log.all[index]!;
        if (!filter.matches(record)) continue;
        await send(call, new ReadResp().setEvent(recordedEvent(record)));
        count--;
      }
    }
    call.end();
  }

  /** Catch-up and live are one loop over the append-only log; it waits for appends at the end. */
  async function subscribeToAll(
    call: ServerWritableStream<StreamsPb.ReadReq, StreamsPb.ReadResp>,
    request: StreamsPb.ReadReq.Options,
  ) {
    const all = request.getAll()!;
    const filter = compileFilter(request);
    // From a position: exclusive (the subscriber has seen it).
    let index = all.hasEnd()
      ? log.all.length
      : all.hasPosition()
        ? log.indexAtOrAfter(BigInt(all.getPosition()!.getCommitPosition()) + 1n)
        : 0;
    const confirmation = new ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID());
    await send(call, new ReadResp().setConfirmation(confirmation));
    let scanned = 0;
    let caughtUp = false;
    const cancelled = new AbortController();
    call.once('cancelled', () => cancelled.abort());
    while (!call.cancelled) {
      if (index < log.all.length) {
        const record = log.all[index++]!;
        if (filter.matches(record)) await send(call, new ReadResp().setEvent(recordedEvent(record)));
        if (filter.checkpointEvery !== undefined && ++scanned >= filter.checkpointEvery) {
          scanned = 0;
          const checkpoint = new ReadResp.Checkpoint()
            .setCommitPosition(record.position.toString())
            .setPreparePosition(record.position.toString());
          await send(call, new ReadResp().setCheckpoint(checkpoint));
        }
      } else if (!caughtUp) {
        caughtUp = true;
        await send(call, new ReadResp().setCaughtUp(new ReadResp.CaughtUp()));
      } else {
        // No await between the length check and this: an append cannot slip in unnoticed.
        await once(log.events, 'appended', { signal: cancelled.signal }).catch(() => undefined);
      }
    }
  }

  const streamsService: IStreamsServer = {
    read(call) {
      const request = call.request.getOptions()!;
      const work = request.hasStream()
        ? request.hasSubscription()
          ? Promise.reject(
              serverError(
                grpcStatus.UNIMPLEMENTED,
                'unsupported',
                'the stand-in has no stream subscriptions',
              ),
            )
          : readStream(call, request)
        : request.hasSubscription()
          ? subscribeToAll(call, request)
          : readAll(call, request);
      work.catch((error: unknown) => {
        if (!call.cancelled) call.emit('error', error);
      });
    },

    append(call: ServerReadableStream<StreamsPb.AppendReq, StreamsPb.AppendResp>, callback) {
      let name = '';
      let expected: Expected = { kind: 'any' };
      const events: ProposedEvent[] = [];
      call.on('data', (request: StreamsPb.AppendReq) => {
        if (request.hasOptions()) {
          const header = request.getOptions()!;
          name = streamName(header.getStreamIdentifier());
          expected = expectedOf({
            hasAny: () => header.hasAny(),
            hasNoStream: () => header.hasNoStream(),
            hasStreamExists: () => header.hasStreamExists(),
            revision: () => header.getRevision(),
          });
        } else if (request.hasProposedMessage()) {
          events.push(proposedEvent(request.getProposedMessage()!));
        }
      });
      call.on('end', () => {
        const outcome = log.append(name, expected, events);
        if (outcome.result === 'stream_deleted') return callback(streamDeleted(name));
        const response = new AppendResp();
        if (outcome.result === 'wrong_expected_version') {
          const wrong = new AppendResp.WrongExpectedVersion();
          if (outcome.currentRevision === undefined) wrong.setCurrentNoStream(new shared.Empty());
          else wrong.setCurrentRevision(outcome.currentRevision.toString());
          if (expected.kind === 'revision') wrong.setExpectedRevision(expected.revision.toString());
          else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new shared.Empty());
          else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new shared.Empty());
          else wrong.setExpectedAny(new shared.Empty());
          return callback(null, response.setWrongExpectedVersion(wrong));
        }
        const success = new AppendResp.Success().setCurrentRevision(outcome.currentRevision.toString());
        if (outcome.position === undefined) success.setNoPosition(new shared.Empty());
        else {
          const position = outcome.position.toString();
          success.setPosition(
            new AppendResp.Position().setCommitPosition(position).setPreparePosition(position),
          );
        }
        callback(null, response.setSuccess(success));
      });
    },

    batchAppend(call: ServerDuplexStream<StreamsPb.BatchAppendReq, StreamsPb.BatchAppendResp>) {
      const pending = new Map<string, { name: string; expected: Expected; events: ProposedEvent[] }>();
      call.on('data', (request: StreamsPb.BatchAppendReq) => {
        const correlation = uuidOf(request.getCorrelationId());
        let batch = pending.get(correlation);
        if (!batch) {
          const header = request.getOptions()!;
          batch = {
            name: streamName(header.getStreamIdentifier()),
            expected: expectedOf({
              hasAny: () => header.hasAny(),
              hasNoStream: () => header.hasNoStream(),
              hasStreamExists: () => header.hasStreamExists(),
              revision: () => header.getStreamPosition(),
            }),
            events: [],
          };
          pending.set(correlation, batch);
        }
        batch.events.push(...request.getProposedMessagesList().map(proposedEvent));
        if (!request.getIsFinal()) return;
        pending.delete(correlation);
        call.write(
          batchAppendResponse(
            correlation,
            batch.name,
            batch.expected,
            log.append(batch.name, batch.expected, batch.events),
          ),
        );
      });
      call.on('end', () => call.end());
    },

    delete(call, callback) {
      const request = call.request.getOptions()!;
      const name = streamName(request.getStreamIdentifier());
      const outcome = log.deleteStream(name, deleteExpected(request));
      if (outcome.result !== 'written') return callback(deleteError(name, outcome, deleteExpected(request)));
      const position = new DeleteResp.Position();
      position.setCommitPosition(String(outcome.position)).setPreparePosition(String(outcome.position));
      callback(null, new DeleteResp().setPosition(position));
    },

    tombstone(call, callback) {
      const request = call.request.getOptions()!;
      const name = streamName(request.getStreamIdentifier());
      const outcome = log.tombstone(name, deleteExpected(request));
      if (outcome.result !== 'written') return callback(deleteError(name, outcome, deleteExpected(request)));
      const position = new TombstoneResp.Position();
      position.setCommitPosition(String(outcome.position)).setPreparePosition(String(outcome.position));
      callback(null, new TombstoneResp().setPosition(position));
    },
  };

  server.addService(streamsGrpc.StreamsService, streamsService);
  server.addService(serverFeaturesGrpc.ServerFeaturesService, {
    getSupportedMethods(_call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) {
      const methods = [
        'Read',
        'Append',
        'Delete',
        'Tombstone',
        ...(options.batchAppend === false ? [] : ['BatchAppend']),
      ];
      const supported = new serverFeatures.SupportedMethods()
        .setEventStoreServerVersion(VERSION)
        .setMethodsList(
          methods.map((method) =>
            new serverFeatures.SupportedMethod()
              .setServiceName('event_store.client.streams.Streams')
              .setMethodName(method),
          ),
        );
      callback(null, supported);
    },
  });

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${options.port ?? 0}`, ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    url: `esdb://127.0.0.1:${port}?tls=false`,
    port,
    log,
    async close() {
      // Cancels every call: subscriptions see 'cancelled' and stop waiting.
      server.forceShutdown();
    },
  };
}
