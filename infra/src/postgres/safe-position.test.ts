// The safe mark a reader gets comes from a probe taken after it asked: a probe already under way
// may predate the append the reader was woken for.
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { SafePosition } from './safe-position';

/** A database whose es_probe() answers are released by the test, one per probe, in order. */
function heldProbes() {
  const answers: Array<(row: { high_water: number; appenders: string[] }) => void> = [];
  const db = {
    raw: () => new Promise((resolve) => answers.push((row) => resolve({ rows: [row] }))),
  } as unknown as Knex;
  return { db, answers };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('safe position', () => {
  it('given a probe under way, when another reader asks, then it waits for a probe taken after its call', async () => {
    const { db, answers } = heldProbes();
    const safe = new SafePosition(db);
    const first = safe.current();
    await tick();
    const second = safe.current();
    const third = safe.current();
    expect(answers).toHaveLength(1);

    // The first probe read the log before event 8 committed.
    answers[0]!({ high_water: 7, appenders: [] });
    expect(await first).toBe(7);
    await tick();
    // The readers who asked meanwhile share one new probe, which sees it.
    expect(answers).toHaveLength(2);
    answers[1]!({ high_water: 8, appenders: [] });
    expect(await second).toBe(8);
    expect(await third).toBe(8);
  });

  it('given the probe under way fails, when another reader asked meanwhile, then it still gets a fresh probe', async () => {
    let calls = 0;
    const db = {
      raw: async () => {
        calls++;
        if (calls === 1) throw new Error('connection lost');
        return { rows: [{ high_water: 3, appenders: [] }] };
      },
    } as unknown as Knex;
    const safe = new SafePosition(db);
    const first = safe.current();
    const second = safe.current();
    await expect(first).rejects.toThrow('connection lost');
    expect(await second).toBe(3);
    expect(calls).toBe(2);
  });
});
