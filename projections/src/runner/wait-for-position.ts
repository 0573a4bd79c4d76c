// Read-your-writes: wait until the given projections have passed a global position (X-Min-Position),
// at most `timeoutMs`. One listener per process (per knex instance) hears every projection's
// progress; waiting requests hold no connection. A slow poll covers a lost notification.
import type { Knex } from 'knex';
import type pg from 'pg';
import { PROGRESS_CHANNEL, readCheckpoints } from './checkpoints';
import { isTransientDatabaseError } from '@printshop/shared-events/database-errors';
import { openDedicatedClient } from './connection';

/** True when every projection's checkpoint is at or past `position`; false after the timeout. */
export async function waitForPosition(
  db: Knex,
  projectionNames: readonly string[],
  position: number,
  timeoutMs = 3000,
): Promise<boolean> {
  if (projectionNames.length === 0 || position <= 0) return true;
  let listener = listeners.get(db);
  if (!listener) {
    listener = new ProgressListener(db);
    listeners.set(db, listener);
  }
  return listener.wait(projectionNames, position, timeoutMs);
}

/** Closes the process's listener for `db` (before `db.destroy()`, so nothing keeps Node alive). */
export async function closeProgressListener(db: Knex): Promise<void> {
  const listener = listeners.get(db);
  listeners.delete(db);
  await listener?.close();
}

const listeners = new WeakMap<Knex, ProgressListener>();

interface Waiter {
  names: readonly string[];
  position: number;
  resolve: (passed: boolean) => void;
}

const POLL_WHILE_LISTENING_MS = 1000;
const POLL_WITHOUT_LISTENER_MS = 100;
const IDLE_CLOSE_MS = 30_000;
const RECONNECT_AFTER_MS = 1000;

class ProgressListener {
  /** Highest position seen per projection; checkpoints only move forwards. */
  private readonly positions = new Map<string, number>();
  private readonly waiters = new Set<Waiter>();
  private client?: pg.Client;
  private connecting?: Promise<void>;
  private lastConnectAttempt = 0;
  private pollTimer?: NodeJS.Timeout;
  private idleTimer?: NodeJS.Timeout;
  private polling = false;

  constructor(private readonly db: Knex) {}

  async wait(names: readonly string[], position: number, timeoutMs: number): Promise<boolean> {
    if (this.passed(names, position)) return true;
    clearTimeout(this.idleTimer);
    // Listen before reading, so progress committed between the read and the wait is not missed.
    await this.listen();
    // The database being away is the caller's answer (503 at once), not a reason to wait it out.
    await this.refresh(names).catch((error: unknown) => {
      if (isTransientDatabaseError(error)) throw error;
    });
    if (this.passed(names, position)) return true;
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        names,
        position,
        resolve: (passed) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          if (this.waiters.size === 0) this.idle();
          resolve(passed);
        },
      };
      const timer = setTimeout(() => waiter.resolve(false), timeoutMs);
      this.waiters.add(waiter);
      this.schedulePoll();
    });
  }

  async close(): Promise<void> {
    for (const waiter of [...this.waiters]) waiter.resolve(false);
    clearTimeout(this.pollTimer);
    clearTimeout(this.idleTimer);
    await this.connecting;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private passed(names: readonly string[], position: number): boolean {
    return names.every((name) => (this.positions.get(name) ?? 0) >= position);
  }

  private see(name: string, position: number): void {
    if (position > (this.positions.get(name) ?? 0)) this.positions.set(name, position);
  }

  private settle(): void {
    for (const waiter of [...this.waiters])
      if (this.passed(waiter.names, waiter.position)) waiter.resolve(true);
  }

  private async refresh(names: readonly string[]): Promise<void> {
    for (const checkpoint of await readCheckpoints(this.db, names))
      this.see(checkpoint.name, checkpoint.position);
  }

  private listen(): Promise<void> {
    if (this.client || Date.now() - this.lastConnectAttempt < RECONNECT_AFTER_MS) return Promise.resolve();
    this.connecting ??= (async () => {
      this.lastConnectAttempt = Date.now();
      let client: pg.Client | undefined = undefined;
      try {
        client = await openDedicatedClient(this.db, () => {
          if (this.client === client) this.client = undefined;
        });
        client.on('notification', (message) => {
          const payload = message.payload ?? '';
          const colon = payload.lastIndexOf(':');
          const position = Number(payload.slice(colon + 1));
          if (colon > 0 && Number.isFinite(position)) this.see(payload.slice(0, colon), position);
          this.settle();
        });
        await client.query(`listen ${PROGRESS_CHANNEL}`);
        this.client = client;
      } catch {
        // Polling alone still answers, only later.
        await client?.end().catch(() => undefined);
      }
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private schedulePoll(): void {
    if (this.pollTimer || this.waiters.size === 0) return;
    const delay = this.client ? POLL_WHILE_LISTENING_MS : POLL_WITHOUT_LISTENER_MS;
    this.pollTimer = setTimeout(() => void this.poll(), delay);
  }

  /** One query per tick for all waiters of the process, not one per request. */
  private async poll(): Promise<void> {
    this.pollTimer = undefined;
    if (this.polling || this.waiters.size === 0) return;
    this.polling = true;
    try {
      if (!this.client) await this.listen();
      const names = new Set<string>();
      for (const waiter of this.waiters) for (const name of waiter.names) names.add(name);
      await this.refresh([...names]);
      this.settle();
    } catch {
      // The database is away; the waiters time out and the caller answers stale.
    } finally {
      this.polling = false;
      this.schedulePoll();
    }
  }

  /** Frees the connection when nobody has waited for a while (CLIs and tests can exit). */
  private idle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.waiters.size > 0) return;
      const client = this.client;
      this.client = undefined;
      void client?.end().catch(() => undefined);
    }, IDLE_CLOSE_MS);
    this.idleTimer.unref();
  }
}
