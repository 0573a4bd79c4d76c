// Rebuild swaps a fresh model in atomically while the live runner and writers keep going.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateProjections, readCheckpoint } from '@printshop/projections/runner/checkpoints';
import { liveSchema } from '@printshop/projections/runner/projection';
import { startProjections, type ProjectionRunner } from '@printshop/projections/runner/projection-runner';
import { rebuildProjection, type RebuildProgress } from '@printshop/projections/runner/rebuild';
import { verifyProjection } from '@printshop/projections/runner/verify';
import { closeProgressListener, waitForPosition } from '@printshop/projections/runner/wait-for-position';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';
import { COUNTED_TYPES, eventCounterProjection } from './support/event-counter-projection';
import { appendEach, appendStreams, waitUntil } from './support/load';

let subject: TestStore;
const runners: ProjectionRunner[] = [];

beforeAll(async () => {
  subject = await createTestStore('projection_rebuild', { poolMax: 12 });
  await migrateProjections(subject.db);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});
afterAll(async () => {
  await closeProgressListener(subject.db);
  await subject?.close();
});

const start = (projection: ReturnType<typeof eventCounterProjection>) => {
  const runner = startProjections({
    db: subject.db,
    store: subject.store,
    projections: [projection],
    lockRetryMs: 100,
  });
  runners.push(runner);
  return runner;
};

const rowCount = async (name: string) =>
  Number((await subject.db.withSchema(liveSchema(name)).table('stream_counts').count({ n: '*' }).first())?.n);

const totalCounted = async (name: string) =>
  Number(
    (await subject.db.withSchema(liveSchema(name)).table('category_counts').sum({ n: 'events' }).first())?.n,
  );

const handledCount = async () =>
  (
    await subject.store.readAll({
      fromPosition: 0,
      maxCount: 1_000_000,
      filter: { eventTypes: COUNTED_TYPES },
    })
  ).events.length;

describe('rebuild', () => {
  it('given a live model, writers and a reader counting rows in a loop, when it is rebuilt and swapped in, then the reader never sees a half-built model and nothing is counted twice', async () => {
    const name = 'swap_under_load';
    const projection = eventCounterProjection({ name });
    const head = await appendStreams(subject.store, { category: 'cart', streams: 400, perStream: 5 });
    start(projection);
    expect(await waitForPosition(subject.db, [name], head, 30_000)).toBe(true);
    const before = await rowCount(name);
    expect(before).toBe(400);

    let running = true;
    let reads = 0;
    let fewest = Number.POSITIVE_INFINITY;
    const readErrors: string[] = [];
    const reader = (async () => {
      while (running) {
        try {
          fewest = Math.min(fewest, await rowCount(name));
          reads++;
        } catch (error) {
          readErrors.push((error as Error).message);
        }
      }
    })();
    let written = 0;
    const writer = (async () => {
      while (running) {
        await appendStreams(subject.store, {
          category: 'cart',
          streams: 1,
          perStream: 3,
          firstStream: 1000 + written,
        });
        written++;
      }
    })();

    const phases = new Set<RebuildProgress['phase']>();
    const result = await rebuildProjection({
      db: subject.db,
      store: subject.store,
      projection,
      batchSize: 250,
      onProgress: (progress) => phases.add(progress.phase),
    });
    // Keep reading and writing for a moment after the swap: the live runner must take over cleanly.
    await waitUntil(
      async () =>
        reads > 20 && written > 5 && (await readCheckpoint(subject.db, name))!.position > result.position,
      'work after the swap',
    );
    running = false;
    await Promise.all([reader, writer]);

    expect(readErrors).toEqual([]);
    expect(reads).toBeGreaterThan(20);
    expect(fewest).toBeGreaterThanOrEqual(before);
    expect([...phases]).toEqual(['building', 'swapping', 'done']);
    const end = await subject.store.headPosition();
    expect(await waitForPosition(subject.db, [name], end, 30_000)).toBe(true);
    expect(await totalCounted(name)).toBe(await handledCount());
    expect(await rowCount(name)).toBe(400 + written);
    expect((await verifyProjection({ db: subject.db, store: subject.store, projection })).total).toBe(0);
    expect((await readCheckpoint(subject.db, name))?.status).toBe('running');
    const leftovers = await subject.db.raw<{ rows: unknown[] }>(
      "select nspname from pg_namespace where nspname like 'rm\\_swap\\_under\\_load\\_\\_%'",
    );
    expect(leftovers.rows).toEqual([]);
  });

  it('given a projection that failed on an event, when a fixed version is rebuilt, then it passes the event and the stopped runner resumes', async () => {
    const name = 'fixed_by_rebuild';
    const [bad] = await appendEach(subject.store, [
      { streamName: 'fix-1', type: 'ItemAdded', data: { poison: true } },
    ]);
    start(eventCounterProjection({ name, failOn: (event) => event.position === bad!.position }));
    await waitUntil(
      async () => (await readCheckpoint(subject.db, name))?.status === 'failed',
      'the projection to fail',
    );

    const fixed = eventCounterProjection({ name });
    await rebuildProjection({ db: subject.db, store: subject.store, projection: fixed });

    const after = await readCheckpoint(subject.db, name);
    expect(after?.position).toBeGreaterThanOrEqual(bad!.position);
    const more = await appendEach(subject.store, [{ streamName: 'fix-2', type: 'ItemAdded' }]);
    expect(await waitForPosition(subject.db, [name], more[0]!.position, 90_000)).toBe(true);
    expect(await readCheckpoint(subject.db, name)).toMatchObject({
      status: 'running',
      error: null,
      failedPosition: null,
    });
    expect(await totalCounted(name)).toBe(await handledCount());
  }, 180_000);

  it('given a rebuild in progress, when a second rebuild of the same projection starts, then the second is refused', async () => {
    const name = 'one_rebuild_at_a_time';
    await appendStreams(subject.store, { category: 'slow', streams: 10, perStream: 100 });
    const slow = eventCounterProjection({ name, applyDelayMs: 100 });
    const results = await Promise.allSettled([
      rebuildProjection({ db: subject.db, store: subject.store, projection: slow, batchSize: 100 }),
      (async () => {
        await waitUntil(
          async () => (await readCheckpoint(subject.db, name))?.status === 'rebuilding',
          'the first rebuild',
        );
        return rebuildProjection({ db: subject.db, store: subject.store, projection: slow, batchSize: 100 });
      })(),
    ]);
    expect(results[0].status).toBe('fulfilled');
    expect(results[1]).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringMatching(/already running/) },
    });
    expect(await readCheckpoint(subject.db, name)).toMatchObject({ status: 'stopped' });
  });
});
