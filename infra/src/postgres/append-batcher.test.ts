// Group commit: appends that wait together are written in one transaction, and each keeps its own
// outcome (written, refused on its revision, answered idempotently, failed on its own bad id).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamChanged, WrongExpectedVersion } from '@printshop/shared-events/event-store';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';

const noted = (text: string, id?: string) => ({ id, type: 'Noted', data: { text } });

/** Transactions that wrote the streams' events (rows of one transaction share their xmin). */
async function transactionsOf(subject: TestStore, streams: string[]): Promise<number> {
  const { rows } = await subject.db.raw<{ rows: Array<{ n: string }> }>(
    'select count(distinct xmin::text) as n from es_events where stream_name = any(?)',
    [streams],
  );
  return Number(rows[0]!.n);
}

describe('Postgres appends under load go together', () => {
  let subject: TestStore;
  beforeAll(async () => {
    // One batch in flight: every append that arrives meanwhile waits for the next batch.
    subject = await createTestStore('append_batch', { appendBatching: { maxInFlight: 1 } });
  });
  afterAll(async () => subject?.close());

  it('given 60 appends at once, when written, then they take far fewer transactions and each gets its own revision and position', async () => {
    const streams = Array.from({ length: 60 }, (_, i) => `batch-${i}-${randomUUID()}`);
    const results = await Promise.all(
      streams.map((stream) =>
        subject.store.appendToStream(stream, [noted('a'), noted('b')], { expectedRevision: 'no_stream' }),
      ),
    );
    expect(results.map((r) => r.nextExpectedRevision)).toEqual(streams.map(() => 1));
    expect(new Set(results.map((r) => r.position)).size).toBe(60);
    for (const [i, stream] of streams.entries()) {
      const events = await subject.store.readStream(stream);
      expect(events.map((e) => [e.revision, e.position])).toEqual([
        [0, results[i]!.position - 1],
        [1, results[i]!.position],
      ]);
    }
    expect(await transactionsOf(subject, streams)).toBeLessThan(10);
  });

  it('given one batch holding a stale revision, a repeated append and a fresh one, then only the stale one is refused', async () => {
    const stale = `stale-${randomUUID()}`;
    const repeated = `repeat-${randomUUID()}`;
    const fresh = `fresh-${randomUUID()}`;
    const alsoFresh = `fresh-${randomUUID()}`;
    await subject.store.appendToStream(stale, [noted('one'), noted('two')]);
    const firstId = randomUUID();
    const first = await subject.store.appendToStream(repeated, [noted('once', firstId)]);
    // A blocker occupies the one batch slot so the next three wait and go together.
    const blocker = subject.store.appendToStream(`block-${randomUUID()}`, [noted('x')]);
    const [refused, again, written, alsoWritten] = await Promise.allSettled([
      subject.store.appendToStream(stale, [noted('late')], { expectedRevision: 0 }),
      subject.store.appendToStream(repeated, [noted('once', firstId)]),
      subject.store.appendToStream(fresh, [noted('new')], { expectedRevision: 'no_stream' }),
      subject.store.appendToStream(alsoFresh, [noted('new')], { expectedRevision: 'no_stream' }),
    ]);
    await blocker;
    expect(refused.status).toBe('rejected');
    const error = (refused as PromiseRejectedResult).reason as WrongExpectedVersion;
    expect(error).toBeInstanceOf(WrongExpectedVersion);
    expect(error.actual).toBe(1);
    expect(again).toEqual({ status: 'fulfilled', value: first });
    expect([written.status, alsoWritten.status]).toEqual(['fulfilled', 'fulfilled']);
    expect((await subject.store.readStream(stale)).map((e) => e.data)).toEqual([
      { text: 'one' },
      { text: 'two' },
    ]);
    expect(await subject.store.readStream(repeated)).toHaveLength(1);
    // The two new streams were written by the batch's one transaction.
    expect(await transactionsOf(subject, [fresh, alsoFresh])).toBe(1);
  });

  it('given two appends racing on one revision in the same batch, then exactly one wins', async () => {
    const stream = `race-${randomUUID()}`;
    await subject.store.appendToStream(stream, [noted('start')]);
    const blocker = subject.store.appendToStream(`block-${randomUUID()}`, [noted('x')]);
    const outcomes = await Promise.allSettled(
      ['left', 'right'].map((text) =>
        subject.store.appendToStream(stream, [noted(text)], { expectedRevision: 0 }),
      ),
    );
    await blocker;
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect((await subject.store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1]);
  });

  it('given an event id already used by another stream inside a batch, then only that append fails and the others are written', async () => {
    const usedId = randomUUID();
    await subject.store.appendToStream(`owner-${randomUUID()}`, [noted('mine', usedId)]);
    const blocker = subject.store.appendToStream(`block-${randomUUID()}`, [noted('x')]);
    const others = Array.from({ length: 5 }, () => `other-${randomUUID()}`);
    const [thief, ...rest] = await Promise.allSettled([
      subject.store.appendToStream(`thief-${randomUUID()}`, [noted('stolen', usedId)]),
      ...others.map((stream) => subject.store.appendToStream(stream, [noted('ok')])),
    ]);
    await blocker;
    expect(thief.status).toBe('rejected');
    expect(rest.every((o) => o.status === 'fulfilled')).toBe(true);
    for (const stream of others) expect(await subject.store.readStream(stream)).toHaveLength(1);
  });

  it('given one batch holding an append decided on a stream that has moved, then only that append is refused', async () => {
    const catalog = `catalog-${randomUUID()}`;
    await subject.store.appendToStream(catalog, [noted('v1'), noted('v2')]);
    const stale = `stale-${randomUUID()}`;
    const current = `current-${randomUUID()}`;
    const blocker = subject.store.appendToStream(`block-${randomUUID()}`, [noted('x')]);
    const [refused, written] = await Promise.allSettled([
      subject.store.appendToStream(stale, [noted('a')], { unchanged: { streamName: catalog, revision: 0 } }),
      subject.store.appendToStream(current, [noted('b')], {
        unchanged: { streamName: catalog, revision: 1 },
      }),
    ]);
    await blocker;
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(StreamChanged);
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ expected: 0, actual: 1 });
    expect(written.status).toBe('fulfilled');
    expect(await subject.store.readStream(stale)).toEqual([]);
    expect(await subject.store.readStream(current)).toHaveLength(1);
  });
  it('given texts with quotes, backslashes, line breaks, emoji and other scripts, alone and in one batch, then each event reads back as written and in order', async () => {
    // The events' JSON travels as one joined JSON text, split by Postgres (append-batcher.ts).
    const texts = [
      'say "hi"',
      'C:\\path\\file',
      'a\nb\tc',
      "it's",
      '📸 ñ 日本語 हिन्दी',
      '[1,2]',
      '{"x":1}',
      '',
    ];
    const alone = `alone-${randomUUID()}`;
    await subject.store.appendToStream(
      alone,
      texts.map((text) => noted(text)),
    );
    const streams = texts.map(() => `batched-${randomUUID()}`);
    const blocker = subject.store.appendToStream(`block-${randomUUID()}`, [noted('x')]);
    await Promise.all(
      streams.map((stream, i) => subject.store.appendToStream(stream, [noted(texts[i]!), noted(`${i}`)])),
    );
    await blocker;
    expect((await subject.store.readStream(alone)).map((e) => e.data)).toEqual(
      texts.map((text) => ({ text })),
    );
    for (const [i, stream] of streams.entries())
      expect((await subject.store.readStream(stream)).map((e) => e.data)).toEqual([
        { text: texts[i] },
        { text: `${i}` },
      ]);
    expect(await transactionsOf(subject, streams)).toBeLessThan(streams.length);
  });
});
