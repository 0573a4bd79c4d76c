// Empty batches of several projections move their checkpoints in one statement, each still
// compare-and-set on its own row, and waiters hear every move.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkpointAdvancer,
  ensureCheckpoint,
  migrateProjections,
  readCheckpoint,
} from '@printshop/projections/runner/checkpoints';
import { closeProgressListener, waitForPosition } from '@printshop/projections/runner/wait-for-position';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';

describe('checkpoint advancer', () => {
  let subject: TestStore;
  beforeAll(async () => {
    subject = await createTestStore('advancer');
    await migrateProjections(subject.db);
    for (const name of ['alpha', 'beta', 'gamma']) await ensureCheckpoint(subject.db, name);
  });
  afterAll(async () => {
    await closeProgressListener(subject.db);
    await subject?.close();
  });

  it('given three idle projections, one of them swapped by a rebuild, when they advance together, then the other two move and the swapped one is told', async () => {
    const { db } = subject;
    // A rebuild moved gamma to 40 behind the runner's back.
    await db('projection_checkpoints').where({ name: 'gamma' }).update({ position: 40 });
    const advancer = checkpointAdvancer(db);
    const waited = waitForPosition(db, ['alpha', 'beta'], 25, 5_000);
    const moved = await Promise.all([
      advancer.advance('alpha', 0, 25),
      advancer.advance('beta', 0, 25),
      advancer.advance('gamma', 0, 25),
    ]);
    expect(moved).toEqual([true, true, false]);
    expect((await readCheckpoint(db, 'alpha'))?.position).toBe(25);
    expect((await readCheckpoint(db, 'beta'))?.position).toBe(25);
    expect((await readCheckpoint(db, 'gamma'))?.position).toBe(40);
    expect(await waited).toBe(true);
  });

  it('given the database refusing the statement, when advancing, then every caller gets the error', async () => {
    const advancer = checkpointAdvancer(subject.db);
    const outcomes = await Promise.allSettled([
      advancer.advance('alpha', 25, Number.NaN),
      advancer.advance('beta', 25, 30),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  });
});
