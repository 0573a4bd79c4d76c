// The Postgres of this process: DATABASE_URL, else an embedded real Postgres with its data under
// DATA_DIR/pg. Its port is remembered in DATA_DIR/pg.port so operator commands and later starts
// find it: 5433 the first time when free, else any free port. Its password is generated once into
// DATA_DIR/secrets/postgres. A server our crashed predecessor left running is adopted.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '@printshop/shared-events/logger';
import { loadOrCreateSecret, type Config } from '../config';
import { canConnect, freePort } from '../embedded/nats';
import { runningPostmaster, startEmbeddedPostgres } from '../embedded/postgres';
import { StartupError } from './startup-error';

export interface ProvidedDatabase {
  url: string;
  /** Set when we started the server. */
  stop?: () => Promise<void>;
}

const DEFAULT_EMBEDDED_PORT = 5433;
const EMBEDDED_DATABASE = 'printshop';
/** How long a start waits for the server to answer a connection (a frozen one accepts, then hangs). */
const ANSWER_TIMEOUT_MS = 15_000;
/** What every embedded Postgres had before its password was generated (see connect). */
const LEGACY_PASSWORD = 'printshop';

/** The embedded Postgres's password, generated once into DATA_DIR/secrets/postgres. */
export const embeddedPostgresPassword = (dataDir: string) => loadOrCreateSecret(dataDir, 'postgres');

/** The URL of the embedded Postgres of `dataDir`, for operator commands. */
export const embeddedPostgresUrl = (dataDir: string, port: number) =>
  `postgres://postgres:${encodeURIComponent(embeddedPostgresPassword(dataDir))}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;

async function embeddedPort(config: Config, logger: Logger, adoptable?: number): Promise<number> {
  const file = path.join(config.dataDir, 'pg.port');
  const remembered = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : undefined;
  let port =
    config.embeddedPostgresPort ??
    adoptable ??
    (remembered && Number.isInteger(remembered) ? remembered : DEFAULT_EMBEDDED_PORT);
  // The server an earlier run left on this port is ours (it is adopted); anything else is not.
  if (port !== adoptable && (await canConnect('127.0.0.1', port))) {
    if (config.embeddedPostgresPort) {
      throw new StartupError(
        `EMBEDDED_PG_PORT ${port} is in use by another program: stop it or choose another port`,
      );
    }
    const taken = port;
    port = await freePort();
    logger.warn({ taken, port }, 'port of the embedded Postgres is taken by something else; using another');
  }
  if (port !== remembered) writeFileSync(file, `${port}\n`);
  return port;
}

/**
 * Connects as the server's superuser. A data folder made before passwords were generated still
 * has the old fixed one: when the generated one is refused, the old one is tried and replaced.
 */
async function connect(serverUrl: string, logger: Logger): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: ANSWER_TIMEOUT_MS });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    // 28P01: invalid password.
    if ((error as { code?: string }).code !== '28P01') throw error;
  }
  const old = new URL(serverUrl);
  old.password = LEGACY_PASSWORD;
  const legacyClient = new pg.Client({ connectionString: old.toString() });
  try {
    await legacyClient.connect();
    const password = decodeURIComponent(new URL(serverUrl).password);
    await legacyClient.query(`alter role postgres password ${legacyClient.escapeLiteral(password)}`);
    logger.info('the embedded Postgres now has a generated password (DATA_DIR/secrets/postgres)');
  } catch {
    throw new StartupError(
      'the embedded Postgres refuses the password in DATA_DIR/secrets/postgres (was it changed by hand?)',
    );
  } finally {
    await legacyClient.end().catch(() => undefined);
  }
  const retry = new pg.Client({ connectionString: serverUrl });
  await retry.connect();
  return retry;
}

async function ensureDatabase(serverUrl: string, name: string, logger: Logger) {
  const client = await connect(serverUrl, logger);
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
  const pgDir = path.join(config.dataDir, 'pg');
  mkdirSync(config.dataDir, { recursive: true });
  const password = embeddedPostgresPassword(config.dataDir);
  const left = runningPostmaster(pgDir);
  const port = await embeddedPort(config, logger, left?.port);
  logger.info({ port, dataDir: pgDir }, 'starting embedded Postgres (DATABASE_URL is not set)');
  const server = await startEmbeddedPostgres({
    dataDir: pgDir,
    port,
    password,
    persistent: true,
    log: (line) => logger.info(line),
  });
  try {
    return { url: await ensureDatabase(server.url, EMBEDDED_DATABASE, logger), stop: server.stop };
  } catch (error) {
    // A server an earlier run left that takes connections and never answers (stopped with SIGSTOP,
    // hung) cannot be stopped by pg_ctl either: the operator is told what it is, not kept waiting.
    if (server.adopted && /timeout/i.test((error as Error).message)) {
      throw new StartupError(
        `the embedded Postgres an earlier run left running (pid ${left!.pid}, ${pgDir}) does not answer within ${ANSWER_TIMEOUT_MS / 1000} s: ` +
          `resume it (kill -CONT ${left!.pid}) or stop it (kill -9 ${left!.pid}), then start again`,
      );
    }
    await server.stop();
    throw error;
  }
}
