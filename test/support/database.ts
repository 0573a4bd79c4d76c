// Each test file gets its own fresh database on the real Postgres, dropped afterwards, so files
// run in parallel without seeing each other's rows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  // Imported here so benchmarks can use createDatabaseOn outside vitest.
  const { inject } = await import('vitest');
  return createDatabaseOn(inject('databaseUrl'), label);
}

/** A fresh database on the server of `adminUrl` (benchmarks use it outside vitest). */
export async function createDatabaseOn(adminUrl: string, label: string): Promise<TestDatabase> {
  const name = `ps_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template template0`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(adminUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The NATS the global setup found or started (it exports TEST_NATS_URL before workers start). */
export const natsUrl = (): string => {
  const url = process.env.TEST_NATS_URL;
  if (!url)
    throw new Error('TEST_NATS_URL is not set: run the tests through vitest (test/support/global-setup.ts)');
  return url;
};

/** True when a server at `url` lets this client in and answers a query; false on any refusal. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    return (await client.query('select 1 as one')).rows[0]?.one === 1;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
