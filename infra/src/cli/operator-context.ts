// Builds what the operator commands need from the environment: Postgres from DATABASE_URL, else the
// embedded one a running `npm start` left in DATA_DIR (read models and checkpoints); the event store
// from EVENTSTORE_URL when set, else the Postgres one.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import { allEvents } from '@printshop/shared-events/all-events';
import type { CliContext } from '@printshop/projections/cli/context';
import { allProjections } from '@printshop/projections/registry';
import { canConnect } from '../embedded/nats';
import { createEventStoreDbStore } from '../eventstoredb/event-store';
import { createLogger } from '../logger';
import { createDb } from '../postgres/db';
import { createPostgresEventStore } from '../postgres/event-store';
import { embeddedPostgresUrl } from '../startup/database';

export async function runOperatorCommand(command: (context: CliContext) => Promise<number>): Promise<void> {
  const url = process.env.DATABASE_URL || (await runningEmbeddedPostgres());
  if (!url) {
    process.stderr.write(
      'DATABASE_URL is not set and no embedded Postgres of `npm start` is running: point it at the\n' +
        'Postgres that holds the read models, e.g.\n' +
        '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/printshop npm run replay -- --all\n',
    );
    process.exitCode = 2;
    return;
  }
  // Logs go to stderr so the command's own output stays clean to read or pipe.
  const logger = createLogger({ name: 'printshop-cli', level: 'warn', destination: process.stderr });
  const db = createDb(url, { poolMax: 4 });
  // The registry upcasts old event versions for display; the commands never append.
  const registry = new EventRegistry(allEvents);
  const store = process.env.EVENTSTORE_URL
    ? createEventStoreDbStore({ connectionString: process.env.EVENTSTORE_URL, registry, logger })
    : createPostgresEventStore({ db, connectionString: url, registry, logger });
  try {
    process.exitCode = await command({
      db,
      store,
      projections: allProjections,
      args: process.argv.slice(2),
      out: (line) => process.stdout.write(`${line}\n`),
      logger,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
  } finally {
    await store.close();
    await db.destroy();
  }
}

/**
 * The embedded Postgres of a running `npm start` (infra/src/startup/database.ts remembers its port
 * in DATA_DIR/pg.port and its generated password in DATA_DIR/secrets/postgres).
 */
async function runningEmbeddedPostgres(): Promise<string | undefined> {
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  const portFile = path.join(dataDir, 'pg.port');
  const port = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8').trim()) : NaN;
  if (!Number.isInteger(port) || !(await canConnect('127.0.0.1', port))) return undefined;
  return embeddedPostgresUrl(dataDir, port);
}
