// own-postgres.ts, the outage test's own server: asked to start while it runs, it keeps that one,
// and dispose() takes it down (before, a second postmaster failed on the lock, the helper forgot the
// running one, and dispose() left it serving a removed folder).
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startOwnPostgres } from './support/own-postgres';

const answers = async (url: string) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

describe('a Postgres server of the test’s own', () => {
  it('given it runs, when started again and disposed, then it answered meanwhile and is gone after', async () => {
    const server = await startOwnPostgres();
    try {
      await server.start();
      expect(await answers(server.url)).toBe(true);
    } finally {
      await server.dispose();
    }
    expect(await answers(server.url)).toBe(false);
  });
});
