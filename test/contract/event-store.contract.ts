// The EventStore contract: every adapter passes the same suite. The store may already hold events
// (a shared EventStoreDB), so every test uses its own stream names and reads $all from the head.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, EventRegistry } from '@printshop/shared-events/event-registry';
import {
  InvalidEvent,
  StreamChanged,
  WrongExpectedVersion,
  type EventStore,
  type ReadAllResult,
  type RecordedEvent,
} from '@printshop/shared-events/event-store';

export interface ContractStore {
  store: EventStore;
  close(): Promise<void>;
}

export const contractRegistry = new EventRegistry([
  defineEvent('Noted', z.object({ text: z.string() })),
  defineEvent('Counted', z.object({ n: z.number().int() })),
  defineEvent(
    'Priced',
    z.object({ amountMinor: z.number().int().nonnegative(), currency: z.string().length(3) }),
  ),
]);

const unique = (category: string) => `${category}-${randomUUID().replaceAll('-', '')}`;
const noted = (text: string) => ({ type: 'Noted', data: { text } });

export interface ContractOptions {
  /**
   * Appenders racing for one stream (default 200). The race costs about n²/2 reads and appends, so
   * a run over the EventStoreDB protocol stand-in uses fewer: every call there is a real gRPC round
   * trip through the client, and a stand-in's atomicity proves nothing about the server's anyway.
   */
  concurrentAppenders?: number;
}

export function eventStoreContract(
  name: string,
  factory: (registry: EventRegistry) => Promise<ContractStore>,
  options: ContractOptions = {},
) {
  const appenders = options.concurrentAppenders ?? 200;
  describe(`EventStore contract: ${name}`, () => {
    let subject: ContractStore;
    let store: EventStore;

    beforeAll(async () => {
      subject = await factory(contractRegistry);
      store = subject.store;
    });
    afterAll(async () => subject?.close());

    describe('append and read a stream', () => {
      it('given no stream, when appending with no_stream, then revisions start at 0 and read back in order', async () => {
        const stream = unique('note');
        const result = await store.appendToStream(stream, [noted('a'), noted('b'), noted('c')], {
          expectedRevision: 'no_stream',
        });
        expect(result.nextExpectedRevision).toBe(2);

        const events = await store.readStream(stream);
        expect(events.map((e) => [e.revision, (e.data as { text: string }).text])).toEqual([
          [0, 'a'],
          [1, 'b'],
          [2, 'c'],
        ]);
        expect(events.every((e, i) => i === 0 || e.position > events[i - 1]!.position)).toBe(true);
        expect(events[2]!.position).toBe(result.position);
      });

      it('given a stream, when reading backwards or from a revision, then the slice is right', async () => {
        const stream = unique('note');
        await store.appendToStream(stream, ['a', 'b', 'c', 'd'].map(noted));
        const backwards = await store.readStream(stream, { direction: 'backwards', maxCount: 2 });
        expect(backwards.map((e) => e.revision)).toEqual([3, 2]);
        const fromTwo = await store.readStream(stream, { fromRevision: 2 });
        expect(fromTwo.map((e) => e.revision)).toEqual([2, 3]);
        const backFromOne = await store.readStream(stream, { direction: 'backwards', fromRevision: 1 });
        expect(backFromOne.map((e) => e.revision)).toEqual([1, 0]);
      });

      it('given no stream, when reading it, then it is empty', async () => {
        expect(await store.readStream(unique('note'))).toEqual([]);
      });

      it("given a stream, when asking its revision, then it is the last event's (-1 before the first)", async () => {
        const stream = unique('note');
        expect(await store.streamRevision(stream)).toBe(-1);
        await store.appendToStream(stream, [noted('a')]);
        expect(await store.streamRevision(stream)).toBe(0);
        await store.appendToStream(stream, [noted('b'), noted('c')], { expectedRevision: 0 });
        expect(await store.streamRevision(stream)).toBe(2);
      });

      it('given metadata with correlation and causation ids, when read, then they are kept', async () => {
        const stream = unique('note');
        const correlationId = randomUUID();
        await store.appendToStream(stream, [
          {
            ...noted('x'),
            metadata: {
              actor: 'user-1',
              correlationId,
              causationId: 'cmd-1',
              at: '2026-01-02T03:04:05.000Z',
            },
          },
        ]);
        const [event] = await store.readStream(stream);
        expect(event!.metadata).toMatchObject({ actor: 'user-1', correlationId, causationId: 'cmd-1' });
        expect(event!.metadata.at).toBe('2026-01-02T03:04:05.000Z');
      });

      it('given stream metadata, when set, then it reads back', async () => {
        const stream = unique('note');
        expect(await store.getStreamMetadata(stream)).toBeUndefined();
        await store.setStreamMetadata(stream, { correlationId: 'c-1', retentionDays: 30 });
        expect(await store.getStreamMetadata(stream)).toEqual({ correlationId: 'c-1', retentionDays: 30 });
      });
    });

    describe('expected revision', () => {
      it('given a decision on another stream, when that stream moved before the append, then StreamChanged and nothing is written', async () => {
        const stream = unique('note');
        const read = unique('catalog');
        await store.appendToStream(read, [noted('v1')]);
        const ok = await store.appendToStream(stream, [noted('a')], {
          unchanged: { streamName: read, revision: 0 },
        });
        expect(ok.nextExpectedRevision).toBe(0);
        await store.appendToStream(read, [noted('v2')]);
        const error = await store
          .appendToStream(stream, [noted('b')], { unchanged: { streamName: read, revision: 0 } })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(StreamChanged);
        expect(error).toMatchObject({ streamName: read, expected: 0, actual: 1 });
        expect((await store.readStream(stream)).map((e) => e.data)).toEqual([{ text: 'a' }]);
        // A stream that does not exist is revision -1.
        await expect(
          store.appendToStream(stream, [noted('c')], {
            unchanged: { streamName: unique('none'), revision: -1 },
          }),
        ).resolves.toMatchObject({ nextExpectedRevision: 1 });
      });

      it('given an existing stream, when appending with no_stream, then WrongExpectedVersion names the actual revision', async () => {
        const stream = unique('note');
        await store.appendToStream(stream, [noted('a'), noted('b')]);
        const error = await store
          .appendToStream(stream, [noted('c')], { expectedRevision: 'no_stream' })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedVersion);
        expect((error as WrongExpectedVersion).actual).toBe(1);
      });

      it('given a stream at revision 1, when appending expecting 0, then it is refused and nothing is written', async () => {
        const stream = unique('note');
        await store.appendToStream(stream, [noted('a'), noted('b')]);
        await expect(
          store.appendToStream(stream, [noted('c')], { expectedRevision: 0 }),
        ).rejects.toBeInstanceOf(WrongExpectedVersion);
        expect(await store.readStream(stream)).toHaveLength(2);
        const ok = await store.appendToStream(stream, [noted('c')], { expectedRevision: 1 });
        expect(ok.nextExpectedRevision).toBe(2);
      });

      it('given no stream, when appending with stream_exists or an exact revision, then actual is -1', async () => {
        const stream = unique('note');
        const exists = await store
          .appendToStream(stream, [noted('a')], { expectedRevision: 'stream_exists' })
          .catch((e: unknown) => e);
        expect((exists as WrongExpectedVersion).actual).toBe(-1);
        await expect(
          store.appendToStream(stream, [noted('a')], { expectedRevision: 0 }),
        ).rejects.toBeInstanceOf(WrongExpectedVersion);
        await store.appendToStream(stream, [noted('a')], { expectedRevision: 'any' });
        await store.appendToStream(stream, [noted('b')], { expectedRevision: 'stream_exists' });
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it(`given ${appenders} concurrent appenders using the revision they read, then each revision is won exactly once and there is no gap`, async () => {
        const stream = unique('race');
        await store.appendToStream(stream, [noted('start')], { expectedRevision: 'no_stream' });
        const wins: number[] = [];
        let conflicts = 0;
        await Promise.all(
          Array.from({ length: appenders }, async (_, writer) => {
            for (;;) {
              const [last] = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
              try {
                const result = await store.appendToStream(stream, [noted(`w${writer}`)], {
                  expectedRevision: last!.revision,
                });
                expect(result.nextExpectedRevision).toBe(last!.revision + 1);
                wins.push(result.nextExpectedRevision);
                return;
              } catch (error) {
                if (!(error instanceof WrongExpectedVersion)) throw error;
                conflicts++;
              }
            }
          }),
        );
        expect(wins).toHaveLength(appenders);
        expect(new Set(wins).size).toBe(appenders);
        expect(conflicts).toBeGreaterThan(0);
        const events = await store.readStream(stream);
        expect(events.map((e) => e.revision)).toEqual(Array.from({ length: appenders + 1 }, (_, i) => i));
        expect(new Set(events.slice(1).map((e) => (e.data as { text: string }).text)).size).toBe(appenders);
      }, 180_000);
    });

    describe('idempotence', () => {
      it('given an append, when the same event ids are appended again, then they are written once', async () => {
        const stream = unique('note');
        const events = [
          { id: randomUUID(), ...noted('a') },
          { id: randomUUID(), ...noted('b') },
        ];
        const first = await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
        const again = await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
        expect(again).toEqual(first);
        const concurrent = await Promise.all([
          store.appendToStream(stream, [{ id: events[0]!.id, ...noted('a') }], { expectedRevision: 'any' }),
          store.appendToStream(stream, events, { expectedRevision: 'any' }),
        ]);
        expect(concurrent[1]).toEqual(first);
        expect(await store.readStream(stream)).toHaveLength(2);
      });
    });

    describe('schemas', () => {
      it('given data failing its schema, when appended, then InvalidEvent names the field and nothing is written', async () => {
        const stream = unique('price');
        const error = await store
          .appendToStream(stream, [{ type: 'Priced', data: { amountMinor: 1.5, currency: 'USD' } }])
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidEvent);
        expect((error as InvalidEvent).message).toMatch(/amountMinor/);
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('given an event type without a schema, when appended, then it is refused', async () => {
        await expect(
          store.appendToStream(unique('x'), [{ type: 'Mystery', data: {} }]),
        ).rejects.toBeInstanceOf(InvalidEvent);
      });
    });

    describe('$all', () => {
      it('given events in several streams, when reading $all in batches from the head, then all arrive in position order', async () => {
        const head = await store.headPosition();
        const streams = [unique('alpha'), unique('beta'), unique('alpha')];
        for (let i = 0; i < 9; i++) await store.appendToStream(streams[i % 3]!, [noted(`n${i}`)]);

        const seen: RecordedEvent[] = [];
        let from = head;
        for (;;) {
          const batch: ReadAllResult = await store.readAll({ fromPosition: from, maxCount: 4 });
          seen.push(...batch.events.filter((e) => streams.includes(e.streamName)));
          if (batch.lastPosition === from) break;
          from = batch.lastPosition;
        }
        expect(seen.map((e) => (e.data as { text: string }).text)).toEqual(
          Array.from({ length: 9 }, (_, i) => `n${i}`),
        );
        expect(seen.every((e, i) => i === 0 || e.position > seen[i - 1]!.position)).toBe(true);
      });

      it('given a filter by type or category, when reading $all, then only matching events come back', async () => {
        const head = await store.headPosition();
        const stream = unique('gamma');
        const other = unique('delta');
        await store.appendToStream(stream, [noted('a'), { type: 'Counted', data: { n: 1 } }]);
        await store.appendToStream(other, [{ type: 'Counted', data: { n: 2 } }]);

        const byType = await store.readAll({ fromPosition: head, filter: { eventTypes: ['Counted'] } });
        expect(byType.events.map((e) => (e.data as { n: number }).n)).toEqual([1, 2]);
        const byCategory = await store.readAll({
          fromPosition: head,
          filter: { streamCategories: ['gamma'] },
        });
        expect(byCategory.events.map((e) => e.type)).toEqual(['Noted', 'Counted']);
        expect(byCategory.lastPosition).toBeGreaterThanOrEqual(byType.events[1]!.position);
      });

      it('given a subscription from the head, when events are appended before and after it started, then it sees each once in order', async () => {
        const head = await store.headPosition();
        const stream = unique('sub');
        await store.appendToStream(stream, [noted('before-1'), noted('before-2')]);
        const seen: string[] = [];
        let resolveAll: () => void;
        const all = new Promise<void>((resolve) => (resolveAll = resolve));
        const subscription = store.subscribeToAll(
          { fromPosition: head, filter: { streamCategories: ['sub'] }, batchSize: 2 },
          async (batch) => {
            for (const event of batch.events) {
              if (event.streamName === stream) seen.push((event.data as { text: string }).text);
            }
            if (seen.length >= 5) resolveAll();
          },
        );
        await store.appendToStream(stream, [noted('live-1')]);
        await store.appendToStream(stream, [noted('live-2'), noted('live-3')]);
        await all;
        await subscription.stop();
        expect(seen).toEqual(['before-1', 'before-2', 'live-1', 'live-2', 'live-3']);
      });

      it('given a subscription stopped after its first batch, when resumed from that batch lastPosition, then every event is seen exactly once', async () => {
        const head = await store.headPosition();
        const stream = unique('resume');
        await store.appendToStream(
          stream,
          Array.from({ length: 12 }, (_, i) => noted(`e${i}`)),
        );
        const seen: number[] = [];
        const collect = (events: RecordedEvent[]) =>
          seen.push(...events.filter((e) => e.streamName === stream).map((e) => e.revision));

        let resumeFrom = head;
        let first!: () => void;
        const firstBatch = new Promise<void>((resolve) => (first = resolve));
        const before = store.subscribeToAll({ fromPosition: head, batchSize: 5 }, async (batch) => {
          if (resumeFrom !== head) return; // only the first batch counts: the "crash" comes after it
          collect(batch.events);
          resumeFrom = batch.lastPosition;
          first();
        });
        await firstBatch;
        await before.stop();

        let rest!: () => void;
        const all = new Promise<void>((resolve) => (rest = resolve));
        const after = store.subscribeToAll({ fromPosition: resumeFrom, batchSize: 5 }, async (batch) => {
          collect(batch.events);
          if (seen.length >= 12) rest();
        });
        await all;
        await after.stop();
        expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => i));
      });

      it('given a filtered subscription, when only events it does not want follow, then its lastPosition still reaches the head', async () => {
        const head = await store.headPosition();
        const stream = unique('quiet');
        await store.appendToStream(stream, [{ type: 'Counted', data: { n: 1 } }]);
        let reached = 0;
        const counted: number[] = [];
        const subscription = store.subscribeToAll(
          { fromPosition: head, filter: { eventTypes: ['Counted'] } },
          async (batch) => {
            counted.push(...batch.events.filter((e) => e.streamName === stream).map((e) => e.revision));
            reached = batch.lastPosition;
          },
        );
        // More than a server's filter window of unwanted events: lastPosition must not stop at the match.
        for (let i = 0; i < 5; i++)
          await store.appendToStream(stream, ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(noted));
        const last = await store.headPosition();
        const deadline = Date.now() + 10_000;
        while (reached < last && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20));
        await subscription.stop();
        expect(counted).toEqual([0]);
        expect(reached).toBe(last);
      });
    });
  });
}
