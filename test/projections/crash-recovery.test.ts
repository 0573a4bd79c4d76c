// A projection worker (a real child process) is SIGKILLed at random points 20 times while 20,000
// events are appended; afterwards its read model equals a fresh rebuild, row for row.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateProjections, readCheckpoint } from '@printshop/projections/runner/checkpoints';
import { liveSchema } from '@printshop/projections/runner/projection';
import { verifyProjection } from '@printshop/projections/runner/verify';
import { closeProgressListener, waitForPosition } from '@printshop/projections/runner/wait-for-position';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';
import { eventCounterProjection } from './support/event-counter-projection';
import { sleep, waitUntil } from './support/load';

const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'crash-worker.ts');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOTAL = 20_000;
const KILLS = 20;
const PER_APPEND = 50;

let subject: TestStore;
beforeAll(async () => {
  subject = await createTestStore('projection_crash');
  await migrateProjections(subject.db);
});
afterAll(async () => {
  await closeProgressListener(subject.db);
  await subject?.close();
});

function startWorker(): { child: ChildProcess; active: Promise<void>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: subject.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const active = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('active')) resolve();
    });
    void exited.then((code) => reject(new Error(`worker exited (${code}) before it was active: ${stderr}`)));
  });
  active.catch(() => undefined);
  return { child, active, exited };
}

describe('projection worker crashes', () => {
  it('given 20,000 events appended while the worker is SIGKILLed at random points 20 times, when it finally catches up, then the read model equals a fresh rebuild row for row', async () => {
    const { store, db } = subject;
    const name = 'event_counter';
    let appended = 0;
    let handled = 0;
    let kills = 0;

    // Appends keep pace with the kills, so every worker life has fresh events to project.
    const appender = (async () => {
      for (let batch = 0; appended < TOTAL; batch++) {
        while (appended >= ((kills + 1) * TOTAL) / (KILLS + 1)) await sleep(10);
        const category = ['cart', 'order', 'user'][batch % 3]!;
        const events = Array.from({ length: PER_APPEND }, (_, i) => ({
          // One in ten is of a type the projection does not handle.
          type: i % 10 === 9 ? 'NotCounted' : i % 2 ? 'ItemRemoved' : 'ItemAdded',
          data: { batch, i },
        }));
        await store.appendToStream(`${category}-${batch % 97}`, events);
        appended += events.length;
        handled += events.filter((event) => event.type !== 'NotCounted').length;
      }
    })();

    const interrupted: number[] = [];
    for (; kills < KILLS; kills++) {
      const { child, active, exited } = startWorker();
      await active;
      // Short lives: a worker that catches up quickly (batches commit fast) is still killed mid-work.
      await sleep(Math.floor(Math.random() * 150));
      const at = (await readCheckpoint(db, name))?.position ?? 0;
      child.kill('SIGKILL');
      expect(await exited).toBe(null);
      if (at < (await store.headPosition())) interrupted.push(at);
    }
    await appender;
    expect(appended).toBe(TOTAL);

    const final = startWorker();
    await final.active;
    const head = await store.headPosition();
    expect(await waitForPosition(db, [name], head, 60_000)).toBe(true);
    final.child.kill('SIGTERM');
    expect(await final.exited).toBe(0);
    await waitUntil(
      async () => (await readCheckpoint(db, name))?.status === 'stopped',
      'the worker to record its stop',
    );

    // Killed while behind the log (so mid-work) in most lives, not only while idle.
    expect(interrupted.length).toBeGreaterThanOrEqual(KILLS / 2);
    const counted = await db
      .withSchema(liveSchema(name))
      .table('category_counts')
      .sum({ n: 'events' })
      .first();
    expect(Number(counted?.n)).toBe(handled);
    const comparison = await verifyProjection({ db, store, projection: eventCounterProjection() });
    expect(comparison.position).toBe(head);
    expect(comparison.differences).toEqual([]);
    expect(comparison.total).toBe(0);
  }, 300_000);
});
