// The operator commands: replay (rebuild with progress), audit of a stream, audit --verify.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '@printshop/projections/cli/audit';
import type { CliContext } from '@printshop/projections/cli/context';
import { replay } from '@printshop/projections/cli/replay';
import { migrateProjections } from '@printshop/projections/runner/checkpoints';
import { liveSchema } from '@printshop/projections/runner/projection';
import { startProjections } from '@printshop/projections/runner/projection-runner';
import { closeProgressListener, waitForPosition } from '@printshop/projections/runner/wait-for-position';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';
import { eventCounterProjection } from './support/event-counter-projection';
import { appendStreams } from './support/load';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const counter = eventCounterProjection();
let subject: TestStore;

beforeAll(async () => {
  subject = await createTestStore('projection_cli');
  await migrateProjections(subject.db);
  await appendStreams(subject.store, { category: 'cart', streams: 30, perStream: 4 });
});
afterAll(async () => {
  await closeProgressListener(subject.db);
  await subject?.close();
});

async function run(command: (context: CliContext) => Promise<number>, args: string[]) {
  const lines: string[] = [];
  const code = await command({
    db: subject.db,
    store: subject.store,
    projections: [counter],
    args,
    out: (line) => lines.push(line),
  });
  return { code, output: lines.join('\n') };
}

async function runEntry(script: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      {
        cwd: root,
        env,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run replay', () => {
  it('given a projection, when it is replayed, then it is rebuilt from the log with progress and events/s', async () => {
    const { code, output } = await run(replay, ['event_counter']);
    expect(code).toBe(0);
    expect(output).toMatch(
      /event_counter: rebuilt and swapped in; 120 events in [\d.]+ s \([\d,]+ events\/s\)/,
    );
    const rows = await subject.db
      .withSchema(liveSchema('event_counter'))
      .table('category_counts')
      .select('*');
    expect(rows).toMatchObject([{ category: 'cart', events: 120 }]);
  });

  it('given bad arguments, when replay runs, then it explains the usage and exits 2', async () => {
    expect(await run(replay, [])).toMatchObject({ code: 2, output: expect.stringContaining('usage') });
    expect(await run(replay, ['event_counter', '--all'])).toMatchObject({ code: 2 });
    expect(await run(replay, ['--bogus'])).toMatchObject({
      code: 2,
      output: expect.stringContaining('usage'),
    });
    expect(await run(replay, ['no_such'])).toMatchObject({
      code: 2,
      output: 'Unknown projection no_such. Known: event_counter',
    });
  });
});

describe('npm run audit', () => {
  it('given a stream, when it is audited, then each event shows revision, time, type, actor, correlation, causation and data', async () => {
    await subject.store.appendToStream('parcel-42', [
      {
        type: 'ParcelBooked',
        data: { total: { amount: 1999, currency: 'EUR' } },
        metadata: {
          actor: 'user-7',
          correlationId: 'corr-1',
          causationId: 'cmd-1',
          at: '2025-01-02T03:04:05.000Z',
        },
      },
      {
        type: 'ParcelSent',
        data: { note: 'x'.repeat(300) },
        metadata: { actor: 'system', correlationId: 'corr-1' },
      },
    ]);

    const { code, output } = await run(audit, ['parcel-42']);

    expect(code).toBe(0);
    const lines = output.split('\n');
    expect(lines[0]).toBe('parcel-42: 2 events');
    expect(lines[1]).toMatch(/^rev\s+position\s+time\s+type\s+actor\s+correlation\s+causation\s+data$/);
    expect(lines[2]).toMatch(
      /^0\s+\d+\s+2025-01-02T03:04:05.000Z\s+ParcelBooked\s+user-7\s+corr-1\s+cmd-1\s+\{"total":\{"amount":1999,"currency":"EUR"\}\}$/,
    );
    expect(lines[3]).toMatch(/^1\s+\d+\s+\S+\s+ParcelSent\s+system\s+corr-1\s+-\s+\{"note":"x+…$/);
    expect(lines[3]!.length).toBeLessThan(250);
  });

  it('given a stream with no events or bad arguments, when audited, then it says so with a non-zero exit', async () => {
    expect(await run(audit, ['cart-does-not-exist'])).toEqual({
      code: 1,
      output: 'Stream cart-does-not-exist has no events.',
    });
    expect(await run(audit, [])).toMatchObject({ code: 2, output: expect.stringContaining('usage') });
    expect(await run(audit, ['a', 'b'])).toMatchObject({ code: 2 });
    expect(await run(audit, ['--verify', 'no_such'])).toMatchObject({
      code: 2,
      output: expect.stringContaining('Unknown'),
    });
  });

  it('given a live model that matches the log, when verified, then it says so and exits 0', async () => {
    const runner = startProjections({ db: subject.db, store: subject.store, projections: [counter] });
    try {
      expect(
        await waitForPosition(subject.db, ['event_counter'], await subject.store.headPosition(), 20_000),
      ).toBe(true);
      const { code, output } = await run(audit, ['--verify']);
      expect(output).toMatch(/^event_counter: matches a fresh rebuild at position \d+/);
      expect(code).toBe(0);
    } finally {
      await runner.stop();
    }
  });

  it('given tampered rows in the live model, when verified, then every differing row is reported and it exits 1', async () => {
    const schema = liveSchema('event_counter');
    await subject.db
      .withSchema(schema)
      .table('category_counts')
      .where({ category: 'cart' })
      .increment('events', 1);
    await subject.db.withSchema(schema).table('stream_counts').where({ stream_name: 'cart-3' }).delete();
    await subject.db
      .withSchema(schema)
      .table('stream_counts')
      .insert({
        stream_name: 'cart-999',
        events: 1,
        last_revision: 0,
        last_at: new Date('2025-01-01T00:00:00Z'),
      });

    const { code, output } = await run(audit, ['--verify']);

    expect(code).toBe(1);
    const lines = output.split('\n');
    expect(lines[0]).toMatch(/^event_counter: 3 row differences from a fresh rebuild at position \d+$/);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ {2}category_counts \{"category":"cart"\}: live .*"events":121.* but rebuilt .*"events":120/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ {2}stream_counts \{"stream_name":"cart-3"\}: missing from the live model; rebuilt /,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^ {2}stream_counts \{"stream_name":"cart-999"\}: extra in the live model /),
    );
  });
});

describe('entry points (infra/src/cli)', () => {
  it('given DATABASE_URL, when audit runs as a process, then it prints the stream', async () => {
    const result = await runEntry('infra/src/cli/audit.ts', ['parcel-42'], {
      ...process.env,
      DATABASE_URL: subject.url,
    });
    expect(result.stdout).toContain('ParcelBooked');
    expect(result.code).toBe(0);
  });

  it('given the registry, when replay --all runs as a process, then it rebuilds what is registered and exits 0', async () => {
    const result = await runEntry('infra/src/cli/replay.ts', ['--all'], {
      ...process.env,
      DATABASE_URL: subject.url,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/No projections are registered|rebuilt and swapped in/);
  });

  it('given no DATABASE_URL and no embedded Postgres running, when a command runs, then it says how to set it and exits 2', async () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    env.DATA_DIR = path.join(root, 'test', 'projections', 'no-such-data-dir');
    const result = await runEntry('infra/src/cli/audit.ts', ['--verify'], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('DATABASE_URL is not set');
  });
});
