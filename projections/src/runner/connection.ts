// Dedicated connections (advisory locks, LISTEN) must live outside the knex pool: a session lock or a
// listener on a pooled connection would either be lost on release or starve the pool.
import type { Knex } from 'knex';
import pg from 'pg';

export function connectionConfig(db: Knex): pg.ClientConfig {
  const connection: unknown = db.client.config.connection;
  if (typeof connection === 'string') return { connectionString: connection };
  if (connection && typeof connection === 'object') return { ...(connection as pg.ClientConfig) };
  throw new Error('The knex instance has no static connection settings to open a dedicated connection from');
}

/** Opens a client that never throws an unhandled 'error' event; `onLost` hears when it dies. */
export async function openDedicatedClient(db: Knex, onLost?: (error?: Error) => void): Promise<pg.Client> {
  const client = new pg.Client({ ...connectionConfig(db), keepAlive: true });
  let lost = false;
  const lose = (error?: Error) => {
    if (lost) return;
    lost = true;
    onLost?.(error);
  };
  client.on('error', (error) => lose(error));
  client.on('end', () => lose());
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}

// Advisory lock keys: (namespace, hashtext(projection name)). Namespaces are arbitrary constants.
export const LOCK_NAMESPACE = {
  runner: 0x50524a31,
  rebuild: 0x50524a32,
  migrate: 0x50524a30,
} as const;

// Several projections share one lock client: their queries take turns (pg deprecates queueing
// overlapping queries on one client).
const turns = new WeakMap<pg.Client, Promise<unknown>>();
function inTurn<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
  const previous = turns.get(client) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  turns.set(client, next);
  return next;
}

/** Tries a session-level advisory lock on a dedicated client; true when this session holds it. */
export async function tryAdvisoryLock(client: pg.Client, namespace: number, name: string): Promise<boolean> {
  const result = await inTurn(client, () =>
    client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [
      namespace,
      name,
    ]),
  );
  return result.rows[0]?.locked === true;
}

export async function releaseAdvisoryLock(client: pg.Client, namespace: number, name: string): Promise<void> {
  await inTurn(client, () => client.query('select pg_advisory_unlock($1, hashtext($2))', [namespace, name]));
}

/** Names of the projections some runner instance (any process) currently holds the lock of. */
export async function activeRunnerNames(
  db: Knex | Knex.Transaction,
  names: readonly string[],
): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const result = await db.raw<{ rows: Array<{ name: string }> }>(
    `select n.name from unnest(?::text[]) as n(name)
     where exists (select 1 from pg_locks l
                   where l.locktype = 'advisory' and l.granted and l.objsubid = 2
                     and l.database = (select oid from pg_database where datname = current_database())
                     and l.classid = ?::int4::oid and l.objid = hashtext(n.name)::oid)`,
    [[...names], LOCK_NAMESPACE.runner],
  );
  return new Set(result.rows.map((row) => row.name));
}
