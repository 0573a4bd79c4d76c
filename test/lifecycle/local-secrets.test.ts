// The secrets a shop generates for itself (JWT, the embedded Postgres's password…) are its own:
// random per DATA_DIR, kept across starts, readable by its user only.
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from '@printshop/infra/config';
import { embeddedPostgresPassword } from '@printshop/infra/startup/database';

const dirs: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-secrets-'));
  dirs.push(dir);
  return dir;
};
const mode = (entry: string) => (statSync(entry).mode & 0o777).toString(8);

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('local secrets', () => {
  it('given two fresh DATA_DIRs, then their Postgres passwords differ, and each is kept across loads', () => {
    const first = freshDataDir();
    const second = freshDataDir();

    const password = embeddedPostgresPassword(first);
    expect(password).not.toBe(embeddedPostgresPassword(second));
    expect(password).not.toBe('printshop');
    expect(embeddedPostgresPassword(first)).toBe(password);
    expect(mode(path.join(first, 'secrets'))).toBe('700');
    expect(mode(path.join(first, 'secrets', 'postgres'))).toBe('600');
  });

  it('given a secrets folder and file someone opened to others, when the secret is loaded again, then both are private again', () => {
    const dataDir = freshDataDir();
    const secret = loadOrCreateSecret(dataDir, 'jwt');
    chmodSync(path.join(dataDir, 'secrets'), 0o755);
    chmodSync(path.join(dataDir, 'secrets', 'jwt'), 0o644);

    expect(loadOrCreateSecret(dataDir, 'jwt')).toBe(secret);
    expect(mode(path.join(dataDir, 'secrets'))).toBe('700');
    expect(mode(path.join(dataDir, 'secrets', 'jwt'))).toBe('600');
  });
});
