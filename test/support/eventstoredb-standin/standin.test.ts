// The PROTOCOL STAND-IN (not EventStoreDB) answered through the official client, the way the
// server's documentation describes its answers; so the adapter's runs over it (the EventStore
// contract, the crash test, the audit) rest on these behaviours and not on accidents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  jsonEvent,
  type AppendExpectedRevision,
  type Position,
} from '@eventstore/db-client';
import { startEventStoreDbStandIn, type EventStoreDbStandIn } from './server';

const event = (n: number, id?: string) => jsonEvent({ id, type: 'Noted', data: { n } });
const unique = (name: string) => `${name}-${crypto.randomUUID()}`;

async function collect<T>(read: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of read) items.push(item);
  return items;
}

// Both append paths of the client: BatchAppend (servers 21.10+) and Append (older servers).
describe.each([
  { path: 'BatchAppend', batchAppend: true },
  { path: 'Append', batchAppend: false },
])('EventStoreDB protocol stand-in (not the server), appends through $path', ({ batchAppend }) => {
  let standIn: EventStoreDbStandIn;
  let client: EventStoreDBClient;
  beforeAll(async () => {
    standIn = await startEventStoreDbStandIn({ batchAppend });
    client = EventStoreDBClient.connectionString(standIn.url);
  });
  afterAll(async () => {
    await client.dispose();
    await standIn.close();
  });

  it('given each expected-revision mode, when appending, then it is written or refused with the current revision', async () => {
    const stream = unique('modes');
    const refused = async (expectedRevision: AppendExpectedRevision) =>
      (await client
        .appendToStream(stream, event(0), { expectedRevision })
        .catch((e: unknown) => e)) as WrongExpectedVersionError;

    expect((await refused(STREAM_EXISTS)).actualVersion).toBe(NO_STREAM);
    expect((await refused(0n)).actualVersion).toBe(NO_STREAM);
    expect(
      (await client.appendToStream(stream, event(0), { expectedRevision: NO_STREAM })).nextExpectedRevision,
    ).toBe(0n);
    const again = await refused(NO_STREAM);
    expect(again).toBeInstanceOf(WrongExpectedVersionError);
    expect(again.actualVersion).toBe(0n);
    expect(
      (await client.appendToStream(stream, event(1), { expectedRevision: STREAM_EXISTS }))
        .nextExpectedRevision,
    ).toBe(1n);
    expect(
      (await client.appendToStream(stream, event(2), { expectedRevision: 1n })).nextExpectedRevision,
    ).toBe(2n);
    expect((await refused(1n)).actualVersion).toBe(2n);
    expect((await client.appendToStream(stream, event(3))).nextExpectedRevision).toBe(3n);
  });

  it('given an append, when the same event ids are appended again at the same expected revision, then it succeeds without appending', async () => {
    const stream = unique('again');
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    const first = await client.appendToStream(stream, [event(0, ids[0]), event(1, ids[1])], {
      expectedRevision: NO_STREAM,
    });
    const repeat = await client.appendToStream(stream, [event(0, ids[0]), event(1, ids[1])], {
      expectedRevision: NO_STREAM,
    });
    expect(repeat.nextExpectedRevision).toBe(first.nextExpectedRevision);
    expect(repeat.position).toBeUndefined(); // the stand-in answers a repeat without a position
    expect(await collect(client.readStream(stream))).toHaveLength(2);
  });

  it('given events in streams, when $all is read, then commit = prepare positions increase and a read from a position includes it', async () => {
    const stream = unique('positions');
    await client.appendToStream(stream, [event(0), event(1), event(2)]);
    const all = await collect(client.readAll({ fromPosition: START, maxCount: 1000 }));
    const positions = all.map((e) => e.event!.position!);
    expect(positions.every((p) => p.commit === p.prepare)).toBe(true);
    expect(positions.every((p, i) => i === 0 || p.commit > positions[i - 1]!.commit)).toBe(true);
    const ours = all.filter((e) => e.event!.streamId === stream);
    const from = await collect(client.readAll({ fromPosition: ours[1]!.event!.position!, maxCount: 2 }));
    expect(from.map((e) => e.event!.revision)).toEqual([1n, 2n]);
    const [last] = await collect(client.readAll({ direction: 'backwards', fromPosition: END, maxCount: 1 }));
    expect(last!.event!.id).toBe(ours[2]!.event!.id);
  });

  it('given a stream never written, a deleted one and a tombstoned one, when read, then not found, not found and deleted', async () => {
    const missing = unique('missing');
    const deleted = unique('deleted');
    const tombstoned = unique('tombstoned');
    await client.appendToStream(deleted, event(0));
    await client.appendToStream(tombstoned, event(0));
    await client.deleteStream(deleted);
    await client.tombstoneStream(tombstoned);

    await expect(collect(client.readStream(missing))).rejects.toBeInstanceOf(StreamNotFoundError);
    await expect(collect(client.readStream(deleted))).rejects.toBeInstanceOf(StreamNotFoundError);
    await expect(collect(client.readStream(tombstoned))).rejects.toBeInstanceOf(StreamDeletedError);
    await expect(client.appendToStream(tombstoned, event(1))).rejects.toBeInstanceOf(StreamDeletedError);
    // A soft-deleted stream comes back on the next append, its revisions continuing.
    expect((await client.appendToStream(deleted, event(1))).nextExpectedRevision).toBe(1n);
    expect((await collect(client.readStream(deleted))).map((e) => e.event!.revision)).toEqual([1n]);
  });

  it('given stream metadata, when set and read, then it lives in the $$ stream as a $metadata event', async () => {
    const stream = unique('meta');
    await client.setStreamMetadata(stream, { retentionDays: 30 });
    expect((await client.getStreamMetadata(stream)).metadata).toEqual({ retentionDays: 30 });
    const [meta] = await collect(client.readStream(`$$${stream}`));
    expect(meta!.event!.type).toBe('$metadata');
  });

  it('given a filtered subscription to $all from a position, when events arrive, then it gets only matches after that position, and checkpoints', async () => {
    const stream = unique('sub');
    const { position } = await client.appendToStream(stream, [jsonEvent({ type: 'Wanted', data: { n: 0 } })]);
    const checkpoints: Position[] = [];
    const subscription = client.subscribeToAll({
      fromPosition: position!,
      filter: eventTypeFilter({
        prefixes: ['Wanted'],
        maxSearchWindow: 4,
        checkpointReached: (_s, checkpoint) => void checkpoints.push(checkpoint),
      }),
    });
    await client.appendToStream(
      stream,
      Array.from({ length: 10 }, (_, n) => event(n)),
    );
    await client.appendToStream(stream, jsonEvent({ type: 'Wanted', data: { n: 11 } }));
    const seen: bigint[] = [];
    for await (const resolved of subscription) {
      seen.push(resolved.event!.revision);
      break;
    }
    await subscription.unsubscribe();
    expect(seen).toEqual([11n]);
    expect(checkpoints.length).toBeGreaterThanOrEqual(2);
    expect(
      checkpoints.every(
        (c, i) => c.commit > position!.commit && (i === 0 || c.commit > checkpoints[i - 1]!.commit),
      ),
    ).toBe(true);
  });

  it('given a read forwards from the end or backwards from the start of a stream, then it is empty or revision 0', async () => {
    const stream = unique('edges');
    await client.appendToStream(stream, [event(0), event(1)]);
    expect(await collect(client.readStream(stream, { fromRevision: END, direction: FORWARDS }))).toEqual([]);
    const back = await collect(client.readStream(stream, { fromRevision: START, direction: 'backwards' }));
    expect(back.map((e) => e.event!.revision)).toEqual([0n]);
  });
});
