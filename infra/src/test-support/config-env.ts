// What every config test starts from: a JWT secret, and a DATA_DIR of the test file's own, removed
// after it. loadConfig writes the generated secrets there: fixed /tmp paths were left behind by
// every run, and shared with whoever made them first.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

export function configTestEnv(): { JWT_SECRET: string; DATA_DIR: string } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  return { JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir };
}
