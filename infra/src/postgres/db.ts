// One knex (pg) pool per process. int8 columns (positions, revisions, counts) come back as numbers:
// they stay far below 2^53, and strings would leak into every caller.
// Every wait on Postgres is bounded (connect, pool acquire, and optionally each statement), so a
// database that is down or frozen turns into an error the gateway answers as 503, never a hang.
import knex, { type Knex } from 'knex';
import pg from 'pg';

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DbTimeouts {
  /** Opening a connection (pg `connectionTimeoutMillis`); 0 waits forever. */
  connectMs: number;
  /** Waiting for a connection of the pool (tarn `acquireTimeoutMillis`), creating one included. */
  acquireMs: number;
  /** Server-side limit of one statement (`statement_timeout`); 0: none (rebuilds, operator commands). */
  statementMs: number;
}

/** Bounded waits, no statement limit: what tests and the operator commands (long rebuilds) get. */
export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { connectMs: 3_000, acquireMs: 4_000, statementMs: 0 };

export interface DbOptions {
  poolMax?: number;
  poolMin?: number;
  timeouts?: Partial<DbTimeouts>;
}

const ignore = () => undefined;

// The pool's connections, so a liveness watchdog can cut those stuck on a frozen server (liveness.ts),
// and whether it found the server away: then asking for a connection fails at once (a circuit
// breaker), instead of every caller waiting out a connect timeout against a silent server.
const pooled = new WeakMap<Knex, { connections: Set<pg.Client>; away?: string }>();

/** SQLSTATE 08006 (connection failure): what callers already treat as the database being away. */
const connectionFailure = (reason: string) => Object.assign(new Error(reason), { code: '08006' });

export function createDb(url: string, options: DbOptions = {}): Knex {
  const timeouts = { ...DEFAULT_DB_TIMEOUTS, ...options.timeouts };
  const connections = new Set<pg.Client>();
  const db = knex({
    client: 'pg',
    // Dedicated clients (LISTEN, advisory locks) copy these settings (projections' connectionConfig).
    connection: {
      connectionString: url,
      application_name: 'printshop',
      connectionTimeoutMillis: timeouts.connectMs,
      // Finds a peer that vanished (host down, network cut) while a connection sits idle.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs } : {}),
    },
    acquireConnectionTimeout: timeouts.acquireMs,
    // knex prints its warnings to the console ("Acquire connection error" for every try while the
    // database is down); the same errors reach the callers, which report them through our logger.
    log: { warn: ignore, error: ignore, deprecate: ignore, debug: ignore },
    pool: {
      min: options.poolMin ?? 0,
      max: options.poolMax ?? 10,
      afterCreate(connection: pg.Client, done: (error: Error | null, connection: pg.Client) => void) {
        connections.add(connection);
        connection.once('end', () => connections.delete(connection));
        done(null, connection);
      },
    },
  });
  const state: { connections: Set<pg.Client>; away?: string } = { connections };
  pooled.set(db, state);
  const acquire = db.client.acquireConnection.bind(db.client) as () => Promise<unknown>;
  db.client.acquireConnection = () =>
    state.away === undefined ? acquire() : Promise.reject(connectionFailure(state.away));
  return db;
}

/**
 * The server does not answer (`reason`), or answers again (undefined). While it is away, asking the
 * pool for a connection fails at once, and every connection of the pool, idle or busy, has its
 * socket closed: their queries fail at once ("Connection terminated") and knex drops them, instead
 * of waiting on a server that does not answer. Returns how many were cut.
 */
export function setDatabaseAway(db: Knex, reason: string | undefined): number {
  const state = pooled.get(db);
  if (!state) return 0;
  state.away = reason;
  if (reason === undefined) return 0;
  const count = state.connections.size;
  for (const connection of state.connections) {
    state.connections.delete(connection);
    connection.connection.stream.destroy(connectionFailure(reason));
  }
  return count;
}
