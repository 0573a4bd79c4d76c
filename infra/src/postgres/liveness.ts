// Tells a frozen or unreachable Postgres from a slow query. A stopped server closes its sockets, so
// every waiter fails at once; a frozen one (SIGSTOP, a VM paused, a network black hole) keeps them
// open and silent, and TCP keepalive cannot tell (the kernel still answers). So a dedicated
// connection asks `select 1` every interval; when no answer comes in time, every pooled connection
// is cut and the pool refuses at once until a probe is answered again (db.ts): requests answer 503
// at once instead of hanging. A slow statement is not affected: that is statement_timeout's job.
import type { Knex } from 'knex';
import pg from 'pg';
import { silentLogger, type Logger } from '@printshop/shared-events/logger';
import { connectionConfig } from '@printshop/projections/runner/connection';
import { setDatabaseAway } from './db';

export interface LivenessOptions {
  /** Time between two probes (ms). */
  intervalMs: number;
  /** A probe without an answer by then counts as the server being down (ms). */
  timeoutMs: number;
  logger?: Logger;
}

export interface DatabaseLiveness {
  /** False from a failed probe until one succeeds again. */
  readonly up: boolean;
  stop(): Promise<void>;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function watchDatabaseLiveness(db: Knex, options: LivenessOptions): DatabaseLiveness {
  const logger = options.logger ?? silentLogger;
  let up = true;
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  const drop = () => {
    // end() would wait for a frozen server's goodbye; the socket is simply closed.
    client?.connection.stream.destroy();
    client = undefined;
  };

  const probe = async (): Promise<void> => {
    if (!client) {
      const fresh = new pg.Client({ ...connectionConfig(db), connectionTimeoutMillis: options.timeoutMs });
      fresh.on('error', () => undefined);
      client = fresh;
      await fresh.connect();
    }
    await client.query('select 1');
  };

  const withinTimeout = async (): Promise<boolean> => {
    let settled: boolean | undefined;
    const attempt = probe().then(
      () => (settled = true),
      () => (settled = false),
    );
    let expire: NodeJS.Timeout | undefined;
    const expired = new Promise<void>((resolve) => (expire = setTimeout(resolve, options.timeoutMs)));
    await Promise.race([attempt, expired]);
    clearTimeout(expire);
    // A blocked event loop fires the timer before reading an answer that is already there: let
    // the I/O phase run once before calling the server silent.
    if (settled === undefined) await new Promise((resolve) => setImmediate(resolve));
    return settled === true;
  };

  const tick = async () => {
    const ok = await withinTimeout();
    if (stopped) return;
    if (ok) {
      if (!up) logger.info('database answers again');
      setDatabaseAway(db, undefined);
      up = true;
    } else {
      drop();
      const cut = setDatabaseAway(db, 'the database does not answer');
      if (up || cut > 0) {
        logger.warn(
          { timeoutMs: options.timeoutMs, cutConnections: cut },
          'database does not answer; its pooled connections were cut',
        );
      }
      up = false;
    }
    schedule();
  };
  const schedule = () => {
    timer = setTimeout(() => void tick(), options.intervalMs);
    timer.unref();
  };
  schedule();

  return {
    get up() {
      return up;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const last = client;
      // A polite goodbye, unless the server is the one not answering.
      if (last) await Promise.race([last.end().catch(() => undefined), delay(500)]);
      drop();
    },
  };
}
