// Postgres-specific proofs: subscribers never skip an event whose position committed late.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';

describe('Postgres event store under concurrency', () => {
  let subject: TestStore;
  beforeAll(async () => {
    // Poll fallback far beyond the test's patience: live delivery must come from LISTEN/NOTIFY.
    subject = await createTestStore('pg_store', { poolMax: 12, pollIntervalMs: 600_000 });
  });
  afterAll(async () => subject?.close());

  it('given a position drawn by a transaction still open, when a later position commits, then readers wait for the earlier one', async () => {
    const { store, url } = subject;
    const head = await store.headPosition();
    const early = new pg.Client({ connectionString: url });
    await early.connect();
    try {
      await early.query('begin');
      await early.query(
        `select * from es_append('late-1', 'any', array[$1::uuid], array['Noted'], array['{"text":"early"}'::jsonb], array['{}'::jsonb], null, null)`,
        [randomUUID()],
      );
      const later = await store.appendToStream('late-2', [{ type: 'Noted', data: { text: 'later' } }]);

      const whileOpen = await store.readAll({ fromPosition: head });
      expect(whileOpen.events).toEqual([]);
      expect(whileOpen.lastPosition).toBeLessThan(later.position);

      await early.query('commit');
      const afterCommit = await store.readAll({ fromPosition: head });
      expect(afterCommit.events.map((e) => (e.data as { text: string }).text)).toEqual(['early', 'later']);
    } finally {
      await early.end();
    }
  });

  it('given a process of the previous release (appends without an unchanged stream), when it appends during a rolling upgrade, then its appends are written and checked as before', async () => {
    const { store, url } = subject;
    const old = new pg.Client({ connectionString: url });
    await old.connect();
    try {
      const stream = `old-${randomUUID()}`;
      await old.query(
        `select * from es_append($1, 'no_stream', array[$2::uuid], array['Noted'], array['{"text":"one"}'::jsonb], array['{}'::jsonb])`,
        [stream, randomUUID()],
      );
      const { rows } = await old.query(
        `select * from es_append_batch(array[$1, $1 || '-b'], array['0', '0'], array[1, 1], array[$2::uuid, $3::uuid], array['Noted', 'Noted'], array['{"text":"two"}'::jsonb, '{"text":"x"}'::jsonb], array['{}'::jsonb, '{}'::jsonb])`,
        [stream, randomUUID(), randomUUID()],
      );
      expect(rows.map((row: { out_error: string | null }) => row.out_error).sort()).toEqual(['PS001', null]);
      expect((await store.readStream(stream)).map((e) => (e.data as { text: string }).text)).toEqual([
        'one',
        'two',
      ]);
    } finally {
      await old.end();
    }
  });

  it('given readers polling concurrently while a writer appends one event at a time, then no batch ever has a hole', async () => {
    const { store } = subject;
    let from0 = await store.headPosition();
    const start = from0;
    let writing = true;
    const holes: string[] = [];
    const readers = Array.from({ length: 4 }, async () => {
      let from = start;
      while (writing) {
        const batch = await store.readAll({ fromPosition: from, maxCount: 500 });
        // Positions are gap-free here (no append rolls back), so a batch must hold every one it claims.
        if (batch.events.length !== batch.lastPosition - from) {
          holes.push(`${from}..${batch.lastPosition}: ${batch.events.map((e) => e.position).join(',')}`);
        }
        from = batch.lastPosition;
      }
    });
    for (let i = 0; i < 3000; i++)
      await store.appendToStream(`hole-${i % 7}`, [{ type: 'Noted', data: { text: `${i}` } }]);
    writing = false;
    await Promise.all(readers);
    from0 = await store.headPosition();
    expect(from0 - start).toBe(3000);
    expect(holes).toEqual([]);
  });

  it('given two sessions drawing positions as fast as they can, when the high-water mark is read over and over, then it never reads ahead of the positions drawn', async () => {
    const { url } = subject;
    const clients = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        return client;
      }),
    );
    const [watcher, ...drawers] = clients as [pg.Client, pg.Client, pg.Client];
    try {
      // Two reads a few microseconds apart inside the server: a read ahead shows as a later read lower.
      await watcher.query(`create or replace function test_high_water_went_back(n int) returns int
        language plpgsql as $$
        declare first bigint; second bigint; back int := 0;
        begin
          for i in 1 .. n loop
            first := es_high_water(); second := es_high_water();
            if first > second then back := back + 1; end if;
          end loop;
          return back;
        end $$`);
      let drawing = true;
      const draws = drawers.map(async (client) => {
        while (drawing)
          await client.query(`select nextval('es_global_position') from generate_series(1, 200)`);
      });
      const { rows } = await watcher.query<{ back: number }>(
        'select test_high_water_went_back(300000) as back',
      );
      drawing = false;
      await Promise.all(draws);
      expect(rows[0]!.back).toBe(0);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });

  it('given 4 writers appending 10,000 events each, when a subscriber runs the whole time, then it sees all 40,000 exactly once in position order', async () => {
    const { store } = subject;
    const head = await store.headPosition();
    const run = randomUUID().slice(0, 8);
    const seen: RecordedEvent[] = [];
    let allSeen: () => void;
    const complete = new Promise<void>((resolve) => (allSeen = resolve));
    const subscription = store.subscribeToAll(
      { fromPosition: head, filter: { streamCategories: [`load${run}`] }, batchSize: 1000 },
      async (batch) => {
        seen.push(...batch.events);
        if (seen.length >= 40_000) allSeen();
      },
    );

    const written = [0, 0, 0, 0];
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let i = 0; i < 10_000; i++) {
        // Many streams so writers never wait on each other's stream rows: only positions interleave.
        await store.appendToStream(`load${run}-${writer}-${i % 50}`, [
          { type: 'Noted', data: { text: `${writer}:${i}` } },
        ]);
        written[writer]!++;
      }
    });
    // A stall fails with where it stopped (a CI run once hung here until the test's timeout).
    const progress = () =>
      `writers appended ${written.join(', ')} of 10,000 each; the subscriber saw ${seen.length} of 40,000`;
    await within(480_000, Promise.all(writers), () => `the writers stalled: ${progress()}`);
    const ended = subscription.done.then(() => {
      throw new Error(`the subscription ended: ${progress()}`);
    });
    await within(60_000, Promise.race([complete, ended]), () => `the subscriber stalled: ${progress()}`);
    await subscription.stop();

    expect(seen).toHaveLength(40_000);
    expect(new Set(seen.map((e) => e.id)).size).toBe(40_000);
    expect(seen.every((e, i) => i === 0 || e.position > seen[i - 1]!.position)).toBe(true);
    for (let writer = 0; writer < 4; writer++) {
      const mine = seen.filter((e) => (e.data as { text: string }).text.startsWith(`${writer}:`));
      expect(mine.map((e) => Number((e.data as { text: string }).text.split(':')[1]))).toEqual(
        Array.from({ length: 10_000 }, (_, i) => i),
      );
    }
  }, 600_000);
});

/** `promise`, or a failure saying `why()` once `ms` have passed. */
async function within<T>(ms: number, promise: Promise<T>, why: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(why())), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
