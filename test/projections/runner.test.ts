// The projection runner on the real Postgres store: batches and checkpoints commit together, a
// throwing handler stops only its projection, one active instance per projection, read-your-writes.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateProjections, readCheckpoint } from '@printshop/projections/runner/checkpoints';
import { liveSchema } from '@printshop/projections/runner/projection';
import { startProjections, type ProjectionRunner } from '@printshop/projections/runner/projection-runner';
import { readProjectionStatus } from '@printshop/projections/runner/status';
import { closeProgressListener, waitForPosition } from '@printshop/projections/runner/wait-for-position';
import type { Logger } from '@printshop/shared-events/logger';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';
import { COUNTED_TYPES, eventCounterProjection } from './support/event-counter-projection';
import { appendEach, items, waitUntil } from './support/load';

let subject: TestStore;
const runners: ProjectionRunner[] = [];
const start = (options: Omit<Parameters<typeof startProjections>[0], 'db' | 'store'>) => {
  const runner = startProjections({ db: subject.db, store: subject.store, lockRetryMs: 100, ...options });
  runners.push(runner);
  return runner;
};

beforeAll(async () => {
  subject = await createTestStore('projection_runner');
  await migrateProjections(subject.db);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});
afterAll(async () => {
  await closeProgressListener(subject.db);
  await subject?.close();
});

const counted = async (name: string) => {
  const rows = await subject.db
    .withSchema(liveSchema(name))
    .table('category_counts')
    .select('category', 'events');
  return Object.fromEntries(
    rows.map((row: { category: string; events: number }) => [row.category, Number(row.events)]),
  );
};

function recordingLogger() {
  const entries: Array<{ level: string; obj: unknown; msg?: string }> = [];
  const at =
    (level: string) =>
    (obj: object | string, msg?: string): void => {
      entries.push({ level, obj, msg });
    };
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, entries };
}

describe('projection runner', () => {
  it('given handled and unknown event types, when the runner catches up, then only handled ones are counted and the checkpoint passes the rest', async () => {
    await appendEach(subject.store, items(12, 'unk', 3));
    await appendEach(subject.store, [
      { streamName: 'misc-1', type: 'SomethingNobodyHandles' },
      { streamName: 'unk-0', type: 'AnotherUnknownType' },
    ]);
    const head = await subject.store.headPosition();

    const runner = start({ projections: [eventCounterProjection({ name: 'unknown_types' })], batchSize: 5 });

    expect(await waitForPosition(subject.db, ['unknown_types'], head, 20_000)).toBe(true);
    const counts = await counted('unknown_types');
    expect(counts.unk).toBe(12);
    expect(counts.misc).toBeUndefined();
    expect((await readCheckpoint(subject.db, 'unknown_types'))?.position).toBe(head);
    expect(runner.statuses()).toEqual([{ name: 'unknown_types', state: 'running', position: head }]);
  });

  it('given a runner part-way through many batches, when observers read in one snapshot, then rows always match the checkpoint', async () => {
    const appended = await appendEach(subject.store, items(400, 'order', 7));
    const head = appended.at(-1)!.position;
    const name = 'atomic_batches';
    const handled = await handledEvents();
    const handledUpTo = (position: number) => handled.filter((event) => event.position <= position).length;
    const before = (await readCheckpoint(subject.db, name))?.position ?? 0;
    expect(before).toBe(0);

    start({ projections: [eventCounterProjection({ name, applyDelayMs: 20 })], batchSize: 20 });

    const observed = new Set<number>();
    for (;;) {
      const seen = await subject.db.transaction(
        async (trx) => {
          const checkpoint = await readCheckpoint(trx, name);
          const table = await trx.raw<{ rows: Array<{ to_regclass: string | null }> }>(
            'select to_regclass(?)',
            [`${liveSchema(name)}.category_counts`],
          );
          if (!checkpoint || !table.rows[0]?.to_regclass) return undefined;
          const sum = await trx
            .withSchema(liveSchema(name))
            .table('category_counts')
            .sum({ total: 'events' })
            .first();
          return { position: checkpoint.position, total: Number(sum?.total ?? 0) };
        },
        { isolationLevel: 'repeatable read' },
      );
      if (!seen) continue;
      expect(seen.total).toBe(handledUpTo(seen.position));
      observed.add(seen.position);
      if (seen.position >= head) break;
    }
    // The observers really saw the runner between batches, not only before and after.
    expect([...observed].filter((position) => position > 0 && position < head).length).toBeGreaterThan(2);
  });

  it('given a handler that throws on one event, when the runner meets it, then that projection alone stops with the error and position, and /readyz data shows it', async () => {
    const { logger, entries } = recordingLogger();
    const before = await appendEach(subject.store, items(9, 'user', 3));
    const [poison] = await appendEach(subject.store, [
      { streamName: 'user-0', type: 'ItemAdded', data: { poison: true } },
    ]);
    const after = await appendEach(subject.store, items(6, 'user', 3));
    const head = after.at(-1)!.position;
    const poisonous = (data: unknown) => (data as { poison?: boolean }).poison === true;

    const runner = start({
      logger,
      batchSize: 4,
      projections: [
        eventCounterProjection({ name: 'healthy' }),
        eventCounterProjection({ name: 'brittle', failOn: (event) => poisonous(event.data) }),
      ],
    });

    expect(await waitForPosition(subject.db, ['healthy'], head, 20_000)).toBe(true);
    const failed = await waitUntil(async () => {
      const checkpoint = await readCheckpoint(subject.db, 'brittle');
      return checkpoint?.status === 'failed' && checkpoint;
    }, 'brittle to fail');
    expect(failed.failedPosition).toBe(poison!.position);
    expect(failed.error).toContain('cannot count event');
    // Everything before the bad event is applied, in the same transactions as the checkpoint.
    const handledBefore = [...before].filter((event) => event.position <= failed.position).length;
    expect(failed.position).toBeLessThan(poison!.position);
    expect((await counted('brittle')).user ?? 0).toBe(handledBefore);
    expect(runner.statuses().find((status) => status.name === 'brittle')).toMatchObject({
      state: 'failed',
      failedPosition: poison!.position,
    });
    const report = await readProjectionStatus(subject.db, head);
    expect(report.find((row) => row.name === 'brittle')).toMatchObject({
      status: 'failed',
      failedPosition: poison!.position,
      lag: head - failed.position,
    });
    expect(report.find((row) => row.name === 'healthy')).toMatchObject({
      status: 'running',
      lag: 0,
      error: null,
    });
    expect(
      entries.some(
        (entry) =>
          entry.level === 'error' && (entry.obj as { position?: number }).position === poison!.position,
      ),
    ).toBe(true);

    // The healthy projection keeps going; the failed one stays where it stopped.
    const more = await appendEach(subject.store, items(3, 'user', 3));
    expect(await waitForPosition(subject.db, ['healthy'], more.at(-1)!.position, 20_000)).toBe(true);
    expect((await counted('healthy')).user).toBe(before.length + 1 + after.length + more.length);
    expect((await readCheckpoint(subject.db, 'brittle'))?.position).toBe(failed.position);
  });

  it('given two runners for the same projection, when both run, then one works and the other stands by until the first stops', async () => {
    const name = 'single_instance';
    const first = start({ projections: [eventCounterProjection({ name })] });
    await waitUntil(async () => first.statuses()[0]!.state === 'running', 'the first runner to be active');
    const second = start({ projections: [eventCounterProjection({ name })] });
    const batch = await appendEach(subject.store, items(20, 'stock', 4));

    expect(await waitForPosition(subject.db, [name], batch.at(-1)!.position, 20_000)).toBe(true);
    expect(second.statuses()[0]!.state).toBe('standby');
    const locks = await subject.db.raw<{ rows: Array<{ holders: number }> }>(
      `select count(*)::int as holders from pg_locks
       where locktype = 'advisory' and granted and classid = 1347570225 and objid = hashtext(?)::oid`,
      [name],
    );
    expect(locks.rows[0]!.holders).toBe(1);

    await first.stop();
    await waitUntil(async () => second.statuses()[0]!.state === 'running', 'the second runner to take over');
    const later = await appendEach(subject.store, items(10, 'stock', 4));
    expect(await waitForPosition(subject.db, [name], later.at(-1)!.position, 20_000)).toBe(true);
    // Every event counted exactly once across the hand-over.
    expect((await counted(name)).stock).toBe(30);
  });

  it('given an active runner, when its lock connection is killed, then it stands by, takes the lock again and counts every event once', async () => {
    const name = 'lock_lost';
    const runner = start({ projections: [eventCounterProjection({ name })] });
    const first = await appendEach(subject.store, items(10, 'lost', 2));
    expect(await waitForPosition(subject.db, [name], first.at(-1)!.position, 20_000)).toBe(true);

    const killed = await subject.db.raw<{ rows: Array<{ killed: boolean }> }>(
      `select pg_terminate_backend(pid) as killed from pg_locks
       where locktype = 'advisory' and granted and classid = 1347570225 and objid = hashtext(?)::oid`,
      [name],
    );
    expect(killed.rows).toEqual([{ killed: true }]);
    const second = await appendEach(subject.store, items(10, 'lost', 2));

    expect(await waitForPosition(subject.db, [name], second.at(-1)!.position, 20_000)).toBe(true);
    await waitUntil(async () => runner.statuses()[0]!.state === 'running', 'the runner to be active again');
    expect((await counted(name)).lost).toBe(20);
    const holders = await subject.db.raw<{ rows: Array<{ n: number }> }>(
      `select count(*)::int as n from pg_locks
       where locktype = 'advisory' and granted and classid = 1347570225 and objid = hashtext(?)::oid`,
      [name],
    );
    expect(holders.rows[0]!.n).toBe(1);
  });

  it('given invalid or duplicate projection names, when the runner starts, then it refuses', () => {
    expect(() => start({ projections: [eventCounterProjection({ name: 'Bad-Name' })] })).toThrow(
      /Invalid projection name/,
    );
    expect(() => start({ projections: [eventCounterProjection({ name: 'a__b' })] })).toThrow(
      /Invalid projection name/,
    );
    expect(() =>
      start({
        projections: [eventCounterProjection({ name: 'twice' }), eventCounterProjection({ name: 'twice' })],
      }),
    ).toThrow(/registered twice/);
  });
});

/** Every event the counter handles in this database, as the store reads them. */
async function handledEvents() {
  const { events } = await subject.store.readAll({
    fromPosition: 0,
    maxCount: 1_000_000,
    filter: { eventTypes: COUNTED_TYPES },
  });
  return events;
}

describe('waitForPosition', () => {
  it('given a running projection, when a new event is appended, then waiting for its position answers true', async () => {
    start({ projections: [eventCounterProjection({ name: 'ryw' })] });
    const [event] = await appendEach(subject.store, [{ streamName: 'cart-ryw', type: 'ItemAdded' }]);
    expect(await waitForPosition(subject.db, ['ryw'], event!.position, 20_000)).toBe(true);
    expect((await readCheckpoint(subject.db, 'ryw'))!.position).toBeGreaterThanOrEqual(event!.position);
  });

  it('given no runner for a projection, when waiting past its checkpoint, then it answers false after the timeout', async () => {
    const [event] = await appendEach(subject.store, [{ streamName: 'cart-stale', type: 'ItemAdded' }]);
    expect(await waitForPosition(subject.db, ['nobody_runs_this'], event!.position, 200)).toBe(false);
    expect(await waitForPosition(subject.db, ['ryw', 'nobody_runs_this'], event!.position, 200)).toBe(false);
  });

  it('given a waiter, when the projection starts later and catches up, then the waiter answers true', async () => {
    const name = 'late_starter';
    const [event] = await appendEach(subject.store, [{ streamName: 'cart-late', type: 'ItemAdded' }]);
    const waiting = waitForPosition(subject.db, [name], event!.position, 30_000);
    start({ projections: [eventCounterProjection({ name })] });
    expect(await waiting).toBe(true);
  });

  it('given nothing to wait for, when asked, then it answers true at once', async () => {
    expect(await waitForPosition(subject.db, [], 10_000, 100)).toBe(true);
    expect(await waitForPosition(subject.db, ['nobody_runs_this'], 0, 100)).toBe(true);
  });
});
