// Runs projections: for each one, take its advisory lock (one active instance across processes, the
// others stand by), then follow `$all` from its checkpoint, writing each batch's rows and the new
// checkpoint in ONE transaction. A handler that throws stops that projection only.
import type { Knex } from 'knex';
import type pg from 'pg';
import type {
  EventStore,
  ReadAllResult,
  RecordedEvent,
  Subscription,
} from '@printshop/shared-events/event-store';
import { silentLogger, type Logger } from '@printshop/shared-events/logger';
import {
  advanceCheckpoint,
  checkpointAdvancer,
  ensureCheckpoint,
  readCheckpoint,
  setStatus,
} from './checkpoints';
import { isTransientDatabaseError } from '@printshop/shared-events/database-errors';
import { LOCK_NAMESPACE, openDedicatedClient, tryAdvisoryLock } from './connection';
import { assertProjectionName, liveSchema, type Projection } from './projection';

export interface StartProjectionsOptions {
  db: Knex;
  store: EventStore;
  projections: readonly Projection[];
  logger?: Logger;
  /** Events per batch (and per transaction) while catching up. */
  batchSize?: number;
  /** How often a standby instance retries the lock, and a failed one looks for a fix (ms). */
  lockRetryMs?: number;
}

/** What this process is doing with a projection. */
export type InstanceState = 'standby' | 'starting' | 'running' | 'failed' | 'stopped';

export interface InstanceStatus {
  name: string;
  state: InstanceState;
  /** Last committed checkpoint as this instance knows it (null before it first becomes active). */
  position: number | null;
  error?: string;
  failedPosition?: number;
}

export interface ProjectionRunner {
  stop(): Promise<void>;
  statuses(): InstanceStatus[];
}

export function startProjections(options: StartProjectionsOptions): ProjectionRunner {
  const names = new Set<string>();
  for (const projection of options.projections) {
    assertProjectionName(projection.name);
    if (names.has(projection.name)) throw new Error(`Projection ${projection.name} is registered twice`);
    names.add(projection.name);
  }
  const logger = options.logger ?? silentLogger;
  const workers: ProjectionWorker[] = [];
  const advancer = checkpointAdvancer(options.db);
  const locks = new LockSession(options.db, logger, (lost) => {
    for (const worker of workers) if (lost.includes(worker.name)) worker.lockLost();
  });
  for (const projection of options.projections) {
    workers.push(
      new ProjectionWorker({
        db: options.db,
        store: options.store,
        projection,
        locks,
        advancer,
        logger: logger.child?.({ projection: projection.name }) ?? logger,
        batchSize: options.batchSize ?? 500,
        lockRetryMs: options.lockRetryMs ?? 1000,
      }),
    );
  }
  for (const worker of workers) worker.start();

  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= (async () => {
        await Promise.all(workers.map((worker) => worker.stop()));
        await locks.close();
      })();
      return stopped;
    },
    statuses: () => workers.map((worker) => worker.status()),
  };
}

/** The batch's checkpoint no longer holds the position we read from: a rebuild swapped the model in. */
class CheckpointMoved extends Error {
  override readonly name = 'CheckpointMoved';
}

/** The projection's own code threw (not the database going away). */
class ApplyFailed extends Error {
  override readonly name = 'ApplyFailed';
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** Ends the subscription after the failure has been recorded. */
class ProjectionStopped extends Error {
  override readonly name = 'ProjectionStopped';
}

interface WorkerOptions {
  db: Knex;
  store: EventStore;
  projection: Projection;
  locks: LockSession;
  advancer: ReturnType<typeof checkpointAdvancer>;
  logger: Logger;
  batchSize: number;
  lockRetryMs: number;
}

class ProjectionWorker {
  readonly name: string;
  private readonly schema: string;
  private readonly types: Set<string>;
  private state: InstanceState = 'standby';
  private position: number | null = null;
  private failure?: { error: string; failedPosition: number };
  private hasLock = false;
  private stopping = false;
  private subscription?: Subscription;
  private wake?: () => void;
  private loop?: Promise<void>;

  constructor(private readonly o: WorkerOptions) {
    this.name = o.projection.name;
    this.schema = liveSchema(this.name);
    this.types = new Set(o.projection.eventTypes);
  }

  start(): void {
    this.loop = this.run();
  }

  status(): InstanceStatus {
    return { name: this.name, state: this.state, position: this.position, ...this.failure };
  }

  lockLost(): void {
    if (!this.hasLock) return;
    this.hasLock = false;
    this.o.logger.warn('projection lock connection lost; standing by');
    void this.subscription?.stop();
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.subscription?.stop();
    await this.loop;
    if (this.hasLock && this.state !== 'failed') {
      // A failed projection keeps saying so after shutdown; a healthy one says it was stopped.
      await setStatus(this.o.db, this.name, 'stopped').catch(() => undefined);
    }
    this.state = 'stopped';
  }

  private async run(): Promise<void> {
    let backoff = 0;
    while (!this.stopping) {
      try {
        if (!this.hasLock) {
          this.state = 'standby';
          this.hasLock = await this.o.locks.tryLock(this.name);
          if (!this.hasLock) {
            await this.sleep(this.o.lockRetryMs);
            continue;
          }
          this.o.logger.info('projection lock acquired; this instance is active');
        }
        await this.activate();
        const outcome = await this.consume();
        backoff = 0;
        if (outcome === 'failed') await this.waitWhileFailed();
        // A subscription that ended on its own is restarted, but not in a tight loop.
        else if (outcome === 'ended' && this.hasLock) await this.sleep(this.o.lockRetryMs);
      } catch (error) {
        if (this.stopping) break;
        backoff = Math.min(backoff === 0 ? 500 : backoff * 2, 5_000);
        this.o.logger.error({ err: error, retryInMs: backoff }, 'projection runner error; retrying');
        await this.sleep(backoff);
      }
    }
  }

  private async activate(): Promise<void> {
    this.state = 'starting';
    this.failure = undefined;
    await this.o.db.raw('create schema if not exists ??', [this.schema]);
    await this.o.projection.migrate(this.o.db, this.schema);
    await ensureCheckpoint(this.o.db, this.name);
    await setStatus(this.o.db, this.name, 'running');
  }

  private async consume(): Promise<'moved' | 'failed' | 'ended'> {
    const checkpoint = await readCheckpoint(this.o.db, this.name);
    this.position = checkpoint?.position ?? 0;
    this.state = 'running';
    const subscription = this.o.store.subscribeToAll(
      {
        fromPosition: this.position,
        filter: { eventTypes: this.o.projection.eventTypes },
        batchSize: this.o.batchSize,
      },
      (batch) => this.handle(batch),
    );
    this.subscription = subscription;
    if (this.stopping || !this.hasLock) void subscription.stop();
    try {
      await subscription.done;
      return 'ended';
    } catch (error) {
      if (error instanceof CheckpointMoved) {
        this.o.logger.info('checkpoint moved by a rebuild swap; resubscribing from it');
        return 'moved';
      }
      if (error instanceof ProjectionStopped) return 'failed';
      throw error;
    } finally {
      this.subscription = undefined;
    }
  }

  private async handle(batch: ReadAllResult): Promise<void> {
    const from = this.position ?? 0;
    const to = batch.lastPosition;
    if (to <= from || !this.hasLock) return;
    // The store filters by type already; this guard keeps apply's contract with any adapter.
    const events = batch.events.filter((event) => this.types.has(event.type));
    if (events.length < batch.events.length) {
      this.o.logger.debug(
        { skipped: batch.events.length - events.length },
        'skipped events of types not handled',
      );
    }
    try {
      await this.commit(from, to, events);
    } catch (error) {
      if (!(error instanceof ApplyFailed)) throw error;
      await this.pinpoint(from, to, events);
    }
    this.position = to;
  }

  /** One transaction: take the checkpoint row lock (compare-and-set), then write the rows. */
  private async commit(from: number, to: number, events: RecordedEvent[]): Promise<void> {
    if (events.length === 0) {
      // Nothing to write (none of the batch's events is ours): the checkpoint moves on its own.
      if (!(await this.o.advancer.advance(this.name, from, to))) throw new CheckpointMoved();
      return;
    }
    await this.o.db.transaction(async (trx) => {
      if (!(await advanceCheckpoint(trx, this.name, from, to))) throw new CheckpointMoved();
      try {
        await this.o.projection.apply(events, trx, this.schema);
      } catch (error) {
        throw isTransientDatabaseError(error) ? error : new ApplyFailed(error);
      }
    });
  }

  /** The batch failed: apply its events one per transaction to find (and record) the one at fault. */
  private async pinpoint(from: number, to: number, events: RecordedEvent[]): Promise<void> {
    let at = from;
    for (const event of events) {
      try {
        await this.commit(at, event.position, [event]);
      } catch (error) {
        if (error instanceof ApplyFailed) await this.fail(event, error.cause);
        throw error;
      }
      at = event.position;
      this.position = at;
    }
    this.o.logger.warn({ from, to }, 'a batch failed but each of its events applied alone');
    await this.commit(at, to, []);
  }

  private async fail(event: RecordedEvent, cause: unknown): Promise<never> {
    const error = cause instanceof Error ? cause.message : String(cause);
    this.failure = { error, failedPosition: event.position };
    this.state = 'failed';
    this.o.logger.error(
      {
        err: cause,
        position: event.position,
        eventId: event.id,
        eventType: event.type,
        stream: event.streamName,
      },
      'projection handler threw; this projection is stopped (the others keep running)',
    );
    await setStatus(this.o.db, this.name, 'failed', this.failure);
    throw new ProjectionStopped(error);
  }

  /** Keeps the lock (so no other instance fails the same way) until a fix resets the status. */
  private async waitWhileFailed(): Promise<void> {
    while (!this.stopping && this.hasLock) {
      await this.sleep(this.o.lockRetryMs);
      const checkpoint = await readCheckpoint(this.o.db, this.name).catch(() => undefined);
      // Not while a rebuild is under way: resuming then would replay the failing event against the
      // old model and mark the projection failed again over the rebuild's result.
      if (checkpoint && checkpoint.status !== 'failed' && checkpoint.status !== 'rebuilding') {
        this.o.logger.info({ status: checkpoint.status }, 'projection no longer marked failed; resuming');
        return;
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const wake = () => done();
      this.wake = wake;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }
}

/** One dedicated connection per runner holds the session advisory locks of its active projections. */
class LockSession {
  private client?: pg.Client;
  private connecting?: Promise<pg.Client>;
  private readonly held = new Set<string>();
  private closed = false;

  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
    private readonly onLost: (names: string[]) => void,
  ) {}

  async tryLock(name: string): Promise<boolean> {
    const client = await this.connect();
    const locked = await tryAdvisoryLock(client, LOCK_NAMESPACE.runner, name);
    if (locked && this.client === client) this.held.add(name);
    return locked && this.client === client;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    this.held.clear();
    // Ending the session releases every lock it holds.
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<pg.Client> {
    if (this.closed) throw new Error('projection runner is stopped');
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      let client: pg.Client | undefined = undefined;
      client = await openDedicatedClient(this.db, (error) => {
        if (!client || this.client !== client) return;
        this.logger.warn({ err: error }, 'projection lock connection lost');
        this.client = undefined;
        const lost = [...this.held];
        this.held.clear();
        this.onLost(lost);
      });
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }
}
