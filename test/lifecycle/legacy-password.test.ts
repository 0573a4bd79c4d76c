// A DATA_DIR made when the embedded Postgres had the fixed password `printshop` keeps its data: the
// next start replaces that password with a generated one, and the fixed one stops working.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@printshop/shared-events/logger';
import { loadConfig } from '@printshop/infra/config';
import { startEmbeddedPostgres } from '@printshop/infra/embedded/postgres';
import { provideDatabase } from '@printshop/infra/startup/database';
import { postgresAnswers } from '@printshop/test/support/database';
import { freePort } from './shop-process';

let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-lifecycle-'));
  port = await freePort();
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an embedded Postgres made with the old fixed password', () => {
  it('given its data folder, when the shop starts on it, then the generated password works and the fixed one no longer does', async () => {
    // given: what an earlier version left (its data, no secrets/postgres); as root the server's
    // user must pass through the temp folder, which earlier versions opened in provideDatabase
    chmodSync(dataDir, 0o711);
    const old = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'pg'),
      port,
      password: 'printshop',
    });
    await old.stop();

    const config = loadConfig({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) });
    const database = await provideDatabase(config, silentLogger);
    try {
      const password = readFileSync(path.join(dataDir, 'secrets', 'postgres'), 'utf8').trim();
      expect(database.url).toContain(encodeURIComponent(password));
      expect(await postgresAnswers(database.url)).toBe(true);
      expect(await postgresAnswers(`postgres://postgres:printshop@127.0.0.1:${port}/printshop`)).toBe(false);
    } finally {
      await database.stop?.();
    }
  });
});
