// Generated secrets when several processes of a scale-out start together on one fresh DATA_DIR:
// every one must read the same complete secret, none an empty file another is still writing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const configModule = fileURLToPath(new URL('./config.ts', import.meta.url));
const root = mkdtempSync(path.join(os.tmpdir(), 'printshop-secrets-race-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A process that waits for `startAt`, then loads the secret of every dir; what it read, or the error. */
function loader(dirs: string[], startAt: number): Promise<Array<string | null>> {
  const code = `
    const { loadOrCreateSecret } = await import(${JSON.stringify(configModule)});
    const dirs = ${JSON.stringify(dirs)};
    while (Date.now() < ${startAt});
    const read = dirs.map((dir) => { try { return loadOrCreateSecret(dir, 'jwt'); } catch { return null; } });
    process.stdout.write(JSON.stringify(read));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (status) =>
      status === 0 ? resolve(JSON.parse(out) as Array<string | null>) : reject(new Error(`exit ${status}`)),
    ),
  );
}

describe('generated secrets under a concurrent start', () => {
  it('given 4 processes starting at the same instant on 500 fresh data dirs, when each loads the secret, then every one reads the same complete secret', async () => {
    // Given
    const dirs = Array.from({ length: 500 }, (_, i) => path.join(root, `data-${i}`));
    const startAt = Date.now() + 6_000;

    // When
    const reads = await Promise.all([1, 2, 3, 4].map(() => loader(dirs, startAt)));

    // Then
    const failed = reads.flat().filter((secret) => secret === null).length;
    const disagreeing = dirs.filter((_, i) => new Set(reads.map((read) => read[i])).size !== 1).length;
    expect({ failed, disagreeing }).toEqual({ failed: 0, disagreeing: 0 });
  }, 60_000);
});
