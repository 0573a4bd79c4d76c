// A start that finds the embedded Postgres an earlier run left running, frozen (SIGSTOP: it takes
// connections and never answers), says so and how to go on, instead of waiting for ever.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@printshop/shared-events/logger';
import { loadConfig } from '@printshop/infra/config';
import { runningPostmaster } from '@printshop/infra/embedded/postgres';
import { provideDatabase } from '@printshop/infra/startup/database';
import { StartupError } from '@printshop/infra/startup/startup-error';
import { freePort } from './shop-process';

let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-frozen-pg-'));
  // As root the server runs as 'postgres', which must pass through the temp folder.
  chmodSync(dataDir, 0o711);
  port = await freePort();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('an embedded Postgres left running and frozen', () => {
  it('given the server an earlier run left is stopped (SIGSTOP), when the shop starts, then it fails within seconds naming the server and what to do', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) });
    const first = await provideDatabase(config, silentLogger);
    const left = runningPostmaster(path.join(dataDir, 'pg'))!;
    expect(left).toBeDefined();
    process.kill(left.pid, 'SIGSTOP');
    try {
      const started = Date.now();
      const failure = await provideDatabase(config, silentLogger).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(StartupError);
      expect((failure as Error).message).toContain(`does not answer`);
      expect((failure as Error).message).toContain(`kill -CONT ${left.pid}`);
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      process.kill(left.pid, 'SIGCONT');
      await first.stop?.();
    }
  }, 60_000);
});
