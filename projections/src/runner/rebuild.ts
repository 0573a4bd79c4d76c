// Rebuild: replay `$all` from 0 into a fresh schema, then swap it in atomically. Live readers see the
// old model until the swap commits and the new one after; never a half-built one.
import type { Knex } from 'knex';
import type { EventStore, ReadAllResult, RecordedEvent } from '@printshop/shared-events/event-store';
import { silentLogger, type Logger } from '@printshop/shared-events/logger';
import {
  CHECKPOINTS_TABLE,
  lockCheckpoint,
  migrateProjections,
  notifyProgress,
  type ProjectionStatus,
} from './checkpoints';
import { isTransientDatabaseError } from '@printshop/shared-events/database-errors';
import {
  LOCK_NAMESPACE,
  activeRunnerNames,
  openDedicatedClient,
  releaseAdvisoryLock,
  tryAdvisoryLock,
} from './connection';
import { assertProjectionName, liveSchema, scratchSchemaPrefix, type Projection } from './projection';

export interface RebuildProgress {
  projection: string;
  phase: 'building' | 'swapping' | 'done';
  /** Position of `$all` read through so far. */
  position: number;
  /** The store's head when the phase began. */
  headPosition: number;
  /** Events applied so far. */
  events: number;
  elapsedMs: number;
  eventsPerSecond: number;
}

export interface BuildShadowOptions {
  db: Knex;
  store: EventStore;
  projection: Projection;
  /** A schema that does not exist yet; it is created and filled. */
  schema: string;
  /** Last position to include (default: the store's head when the build starts). */
  toPosition?: number;
  /** Events read (and applied) per transaction. */
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
}

export interface ShadowResult {
  schema: string;
  position: number;
  events: number;
  elapsedMs: number;
}

const DEFAULT_BATCH = 5000;

/** Builds the projection from position 0 into `schema` (used by rebuild and by verify). */
export async function buildShadow(options: BuildShadowOptions): Promise<ShadowResult> {
  const { db, store, projection, schema } = options;
  const started = Date.now();
  await db.raw('create schema ??', [schema]);
  await projection.migrate(db, schema);
  const head = options.toPosition ?? (await store.headPosition());
  const result = await applyRange({
    store,
    projection,
    from: 0,
    to: head,
    batchSize: options.batchSize ?? DEFAULT_BATCH,
    apply: (events) => db.transaction((trx) => projection.apply(events, trx, schema)),
    onBatch: (position, events) =>
      options.onProgress?.(progress(projection.name, 'building', position, head, events, started)),
  });
  return { schema, position: result.position, events: result.events, elapsedMs: Date.now() - started };
}

export interface RebuildOptions {
  db: Knex;
  store: EventStore;
  projection: Projection;
  logger?: Logger;
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
}

export interface RebuildResult {
  projection: string;
  /** The checkpoint the swapped-in model starts from. */
  position: number;
  events: number;
  elapsedMs: number;
  eventsPerSecond: number;
}

/** Rebuilds one projection into a fresh schema and swaps it in while its live runner keeps going. */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { db, projection } = options;
  const logger = options.logger ?? silentLogger;
  const name = assertProjectionName(projection.name);
  await migrateProjections(db);
  return withMaintenanceLock(db, name, async () => {
    await dropScratchSchemas(db, name);
    const started = Date.now();
    const before = await beginRebuildStatus(db, name);
    const shadow = `${scratchSchemaPrefix(name)}rb_${started}`;
    try {
      const built = await buildShadow({ ...options, schema: shadow });
      logger.info(
        { projection: name, position: built.position, events: built.events },
        'shadow built; swapping',
      );
      let swapped: { position: number; events: number } | undefined;
      for (let attempt = 1; !swapped; attempt++) {
        try {
          swapped = await swap({
            ...options,
            shadow,
            from: built.position,
          });
        } catch (error) {
          // A reader holding the tables in another order can deadlock the swap: we lose, they win.
          if (!isTransientDatabaseError(error) && (error as { code?: string }).code !== '55P03') throw error;
          if (attempt >= 5) throw error;
          logger.warn({ err: error, projection: name, attempt }, 'swap lost a lock race; retrying');
        }
      }
      await notifyProgress(db, name, swapped.position).catch(() => undefined);
      const events = built.events + swapped.events;
      const elapsedMs = Date.now() - started;
      const done = progress(name, 'done', swapped.position, swapped.position, events, started);
      options.onProgress?.(done);
      return {
        projection: name,
        position: swapped.position,
        events,
        elapsedMs,
        eventsPerSecond: done.eventsPerSecond,
      };
    } catch (error) {
      await db.raw('drop schema if exists ?? cascade', [shadow]).catch(() => undefined);
      await db(CHECKPOINTS_TABLE)
        .where({ name, status: 'rebuilding' })
        .update({ status: before })
        .catch(() => undefined);
      throw error;
    }
  });
}

/** One transaction: hold the checkpoint row, catch up to the head, rename schemas, move the checkpoint. */
async function swap(o: RebuildOptions & { shadow: string; from: number }) {
  const { db, store, projection, shadow } = o;
  const name = projection.name;
  const live = liveSchema(name);
  return db.transaction(async (trx) => {
    await trx.raw("set local lock_timeout = '10s'");
    // The live runner's next batch starts by updating this row, so it waits for our commit and then
    // finds the checkpoint moved (its compare-and-set fails) and resubscribes from the new one.
    await lockCheckpoint(trx, name);
    const head = await store.headPosition();
    const started = Date.now();
    const caughtUp = await applyRange({
      store,
      projection,
      from: o.from,
      to: Math.max(head, o.from),
      batchSize: o.batchSize ?? DEFAULT_BATCH,
      apply: (events) => projection.apply(events, trx, shadow),
      onBatch: (position, events) =>
        o.onProgress?.(progress(name, 'swapping', position, head, events, started)),
    });
    const liveTables = await trx.raw<{ rows: Array<{ tablename: string }> }>(
      'select tablename from pg_tables where schemaname = ? order by tablename',
      [live],
    );
    if (liveTables.rows.length > 0) {
      // Wait for readers in flight, and hold new ones until commit; they then resolve the new tables.
      const tables = liveTables.rows
        .map((row) => trx.raw('??.??', [live, row.tablename]).toString())
        .join(', ');
      await trx.raw(`lock table ${tables} in access exclusive mode`);
    }
    const retired = `${scratchSchemaPrefix(name)}old_${Date.now()}`;
    const liveExists = await schemaExists(trx, live);
    if (liveExists) await trx.raw('alter schema ?? rename to ??', [live, retired]);
    await trx.raw('alter schema ?? rename to ??', [shadow, live]);
    // A runner that failed during the rebuild stays failed; otherwise the status says whether a
    // runner instance holds the projection (one that had failed before resumes from the new model).
    const afterStatus: ProjectionStatus = (await activeRunnerNames(trx, [name])).has(name)
      ? 'running'
      : 'stopped';
    await trx.raw(
      `update ${CHECKPOINTS_TABLE} set position = ?, updated_at = now(),
         status = case when status = 'rebuilding' then ? else status end,
         error = case when status = 'rebuilding' then null else error end,
         failed_position = case when status = 'rebuilding' then null else failed_position end
       where name = ?`,
      [caughtUp.position, afterStatus, name],
    );
    if (liveExists) await trx.raw('drop schema ?? cascade', [retired]);
    return caughtUp;
  });
}

async function beginRebuildStatus(db: Knex, name: string): Promise<ProjectionStatus> {
  return db.transaction(async (trx) => {
    const checkpoint = await lockCheckpoint(trx, name);
    await trx(CHECKPOINTS_TABLE).where({ name }).update({ status: 'rebuilding', updated_at: trx.fn.now() });
    return checkpoint.status;
  });
}

/**
 * Reads `$all` in (from, to] with the projection's filter and applies it batch by batch; the next
 * batch is read while the current one is applied.
 */
export async function applyRange(o: {
  store: EventStore;
  projection: Projection;
  from: number;
  to: number;
  batchSize: number;
  apply: (events: RecordedEvent[]) => Promise<unknown>;
  onBatch?: (position: number, events: number) => void;
}): Promise<{ position: number; events: number }> {
  const types = new Set(o.projection.eventTypes);
  const read = (fromPosition: number) => {
    const pending = o.store.readAll({
      fromPosition,
      maxCount: o.batchSize,
      filter: { eventTypes: o.projection.eventTypes },
    });
    // Read ahead: a failure surfaces when awaited, not as an unhandled rejection meanwhile.
    pending.catch(() => undefined);
    return pending;
  };
  let position = o.from;
  let events = 0;
  let stalls = 0;
  let pending: Promise<ReadAllResult> | undefined = position < o.to ? read(position) : undefined;
  while (pending) {
    const result = await pending;
    const next = Math.min(result.lastPosition, o.to);
    if (next <= position) {
      // `to` was readable when chosen; a read that makes no progress is a transient anomaly.
      if (++stalls > 200) throw new Error(`Reading $all made no progress past position ${position}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
      pending = read(position);
      continue;
    }
    stalls = 0;
    const batch = result.events.filter((event) => event.position <= o.to && types.has(event.type));
    pending = next < o.to ? read(next) : undefined;
    if (batch.length > 0) await o.apply(batch);
    position = next;
    events += batch.length;
    o.onBatch?.(position, events);
  }
  return { position, events };
}

/** Serialises rebuilds and verifies of one projection across processes. */
export async function withMaintenanceLock<T>(db: Knex, name: string, work: () => Promise<T>): Promise<T> {
  const client = await openDedicatedClient(db);
  try {
    if (!(await tryAdvisoryLock(client, LOCK_NAMESPACE.rebuild, name))) {
      throw new Error(`A rebuild or verify of projection ${name} is already running`);
    }
    try {
      return await work();
    } finally {
      await releaseAdvisoryLock(client, LOCK_NAMESPACE.rebuild, name).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Drops shadows and retired schemas left by a rebuild or verify that died (we hold its lock). */
export async function dropScratchSchemas(db: Knex, name: string): Promise<void> {
  const prefix = scratchSchemaPrefix(name);
  const result = await db.raw<{ rows: Array<{ nspname: string }> }>(
    'select nspname from pg_namespace where left(nspname, ?) = ?',
    [prefix.length, prefix],
  );
  for (const row of result.rows) await db.raw('drop schema if exists ?? cascade', [row.nspname]);
}

async function schemaExists(db: Knex | Knex.Transaction, schema: string): Promise<boolean> {
  const result = await db.raw<{ rows: unknown[] }>('select 1 from pg_namespace where nspname = ?', [schema]);
  return result.rows.length > 0;
}

function progress(
  projection: string,
  phase: RebuildProgress['phase'],
  position: number,
  headPosition: number,
  events: number,
  started: number,
): RebuildProgress {
  const elapsedMs = Date.now() - started;
  return {
    projection,
    phase,
    position,
    headPosition,
    events,
    elapsedMs,
    eventsPerSecond: elapsedMs > 0 ? Math.round((events * 1000) / elapsedMs) : events,
  };
}
