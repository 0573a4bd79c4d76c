// own-postgres.ts, the outage test's own server: asked to start while it runs, it keeps that one,
// and dispose() takes it down (before, a second postmaster failed on the lock, the helper forgot the
// running one, and dispose() left it serving a removed folder).
import { describe, expect, it } from 'vitest';
import { postgresAnswers } from '@printshop/test/support/database';
import { startOwnPostgres } from './support/own-postgres';

describe('a Postgres server of the test’s own', () => {
  it('given it runs, when started again and disposed, then it answered meanwhile and is gone after', async () => {
    const server = await startOwnPostgres();
    try {
      await server.start();
      expect(await postgresAnswers(server.url)).toBe(true);
    } finally {
      await server.dispose();
    }
    expect(await postgresAnswers(server.url)).toBe(false);
  });
});
