// The crash scenario, for any event store: a projection worker (a real child process) is SIGKILLed at
// random points while events are appended; afterwards its read model equals a fresh rebuild, row for
// row. `env` points the worker at the same store (DATABASE_URL, and EVENTSTORE_URL for EventStoreDB).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import type { EventStore } from '@printshop/shared-events/event-store';
import { readCheckpoint } from '@printshop/projections/runner/checkpoints';
import { liveSchema } from '@printshop/projections/runner/projection';
import { verifyProjection } from '@printshop/projections/runner/verify';
import { waitForPosition } from '@printshop/projections/runner/wait-for-position';
import { eventCounterProjection } from './event-counter-projection';
import { sleep, waitUntil } from './load';

const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'crash-worker.ts');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const PER_APPEND = 50;

export interface CrashScenario {
  store: EventStore;
  db: Knex;
  env: NodeJS.ProcessEnv;
  total: number;
  kills: number;
}

function startWorker(env: NodeJS.ProcessEnv): {
  child: ChildProcess;
  active: Promise<void>;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    cwd: root,
    env: { ...process.env, ...env },
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

export async function runCrashScenario({ store, db, env, total, kills: KILLS }: CrashScenario) {
  const name = 'event_counter';
  let appended = 0;
  let handled = 0;
  let kills = 0;

  // Appends keep pace with the kills, so every worker life has fresh events to project.
  const appender = (async () => {
    for (let batch = 0; appended < total; batch++) {
      while (appended >= ((kills + 1) * total) / (KILLS + 1)) await sleep(10);
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
    const { child, active, exited } = startWorker(env);
    await active;
    // Short lives: a worker that catches up quickly (batches commit fast) is still killed mid-work.
    await sleep(Math.floor(Math.random() * 150));
    const at = (await readCheckpoint(db, name))?.position ?? 0;
    child.kill('SIGKILL');
    expect(await exited).toBe(null);
    if (at < (await store.headPosition())) interrupted.push(at);
  }
  await appender;
  expect(appended).toBe(total);

  const final = startWorker(env);
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
  const counted = await db.withSchema(liveSchema(name)).table('category_counts').sum({ n: 'events' }).first();
  expect(Number(counted?.n)).toBe(handled);
  const comparison = await verifyProjection({ db, store, projection: eventCounterProjection() });
  expect(comparison.position).toBe(head);
  expect(comparison.differences).toEqual([]);
  expect(comparison.total).toBe(0);
}
