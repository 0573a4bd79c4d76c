// One row per projection: how far its live model has read `$all`, and whether it is healthy.
// The runner moves `position` in the same transaction as the rows it writes (compare-and-set on the
// old value), so a crash never applies a batch twice and a rebuild swap is noticed.
import type { Knex } from 'knex';
import { LOCK_NAMESPACE } from './connection';

export const CHECKPOINTS_TABLE = 'projection_checkpoints';
/** NOTIFY channel; the payload is `<name>:<position>` after every committed batch or swap. */
export const PROGRESS_CHANNEL = 'projection_progress';

export type ProjectionStatus = 'running' | 'failed' | 'stopped' | 'rebuilding';

export interface Checkpoint {
  name: string;
  position: number;
  status: ProjectionStatus;
  error: string | null;
  failedPosition: number | null;
  updatedAt: Date;
}

interface CheckpointRow {
  name: string;
  position: string | number;
  status: ProjectionStatus;
  error: string | null;
  failed_position: string | number | null;
  updated_at: Date;
}

/** Creates the checkpoints table; safe to run from several processes at once. */
export async function migrateProjections(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?, 0)', [LOCK_NAMESPACE.migrate]);
    await trx.raw(`
      create table if not exists ${CHECKPOINTS_TABLE} (
        name text primary key,
        position bigint not null default 0,
        status text not null default 'stopped' check (status in ('running', 'failed', 'stopped', 'rebuilding')),
        error text,
        failed_position bigint,
        updated_at timestamptz not null default now()
      )`);
    // Moves a checkpoint (compare-and-set) and announces it, in the caller's transaction, which then
    // commits without waiting for its WAL flush: read models are derived from the event log, so a
    // crash that loses the last milliseconds of them only makes the projection read those events
    // again (rows and checkpoint always go together). Skipping the flush also keeps the commit short
    // while it holds Postgres's notification lock. An empty batch costs one statement this way.
    await trx.raw(`
      create or replace function projection_advance(p_name text, p_from bigint, p_to bigint)
      returns boolean language plpgsql as $$
      begin
        perform set_config('synchronous_commit', 'off', true);
        update ${CHECKPOINTS_TABLE} set position = p_to, updated_at = now()
          where name = p_name and position = p_from;
        if not found then
          return false;
        end if;
        perform pg_notify('${PROGRESS_CHANNEL}', p_name || ':' || p_to);
        return true;
      end $$`);
    // The same for several projections at once (checkpointAdvancer), rows taken in name order so two
    // callers cannot deadlock; returns the names that moved.
    await trx.raw(`
      create or replace function projection_advance_many(p_names text[], p_froms bigint[], p_tos bigint[])
      returns setof text language plpgsql as $$
      declare
        i int;
      begin
        perform set_config('synchronous_commit', 'off', true);
        for i in select s from generate_subscripts(p_names, 1) as s order by p_names[s] loop
          update ${CHECKPOINTS_TABLE} set position = p_tos[i], updated_at = now()
            where name = p_names[i] and position = p_froms[i];
          if found then
            perform pg_notify('${PROGRESS_CHANNEL}', p_names[i] || ':' || p_tos[i]);
            return next p_names[i];
          end if;
        end loop;
      end $$`);
  });
}

const toCheckpoint = (row: CheckpointRow): Checkpoint => ({
  name: row.name,
  position: Number(row.position),
  status: row.status,
  error: row.error,
  failedPosition: row.failed_position === null ? null : Number(row.failed_position),
  updatedAt: row.updated_at,
});

export async function ensureCheckpoint(db: Knex | Knex.Transaction, name: string): Promise<void> {
  await db(CHECKPOINTS_TABLE).insert({ name }).onConflict('name').ignore();
}

export async function readCheckpoint(
  db: Knex | Knex.Transaction,
  name: string,
): Promise<Checkpoint | undefined> {
  const row = await db<CheckpointRow>(CHECKPOINTS_TABLE).where({ name }).first();
  return row ? toCheckpoint(row) : undefined;
}

export async function readCheckpoints(
  db: Knex | Knex.Transaction,
  names?: readonly string[],
): Promise<Checkpoint[]> {
  const query = db<CheckpointRow>(CHECKPOINTS_TABLE).select('*').orderBy('name');
  if (names) query.whereIn('name', [...names]);
  return (await query).map(toCheckpoint);
}

/** Locks the row (FOR UPDATE): a live runner's next batch waits until this transaction ends. */
export async function lockCheckpoint(trx: Knex.Transaction, name: string): Promise<Checkpoint> {
  await ensureCheckpoint(trx, name);
  const row = await trx<CheckpointRow>(CHECKPOINTS_TABLE).where({ name }).forUpdate().first();
  return toCheckpoint(row!);
}

/**
 * Moves the checkpoint from `from` to `to`, taking the row lock first, and tells waiters once that
 * commits (projection_advance). False when the row no longer holds `from` (a rebuild swapped the
 * model in): the caller must roll back and resubscribe.
 */
export async function advanceCheckpoint(
  db: Knex | Knex.Transaction,
  name: string,
  from: number,
  to: number,
): Promise<boolean> {
  const { rows } = await db.raw<{ rows: Array<{ moved: boolean }> }>(
    'select projection_advance(?, ?, ?) as moved',
    [name, from, to],
  );
  return rows[0]?.moved === true;
}

export async function setStatus(
  db: Knex | Knex.Transaction,
  name: string,
  status: ProjectionStatus,
  failure: { error: string; failedPosition: number } | null = null,
): Promise<void> {
  await db(CHECKPOINTS_TABLE)
    .where({ name })
    .update({
      status,
      error: failure?.error ?? null,
      failed_position: failure?.failedPosition ?? null,
      updated_at: db.fn.now(),
    });
}

export async function notifyProgress(db: Knex, name: string, position: number): Promise<void> {
  await db.raw('select pg_notify(?, ?)', [PROGRESS_CHANNEL, `${name}:${position}`]);
}

/**
 * Checkpoint moves of batches with nothing to write, gathered over one turn of the event loop and
 * sent as one statement: the projections of a process all read the same live slice at once, and
 * most have nothing in it. Each caller still learns whether its own row moved.
 */
export function checkpointAdvancer(db: Knex) {
  let pending: Array<{ name: string; from: number; to: number; done(moved: boolean | Error): void }> = [];
  const flush = async () => {
    const batch = pending;
    pending = [];
    try {
      const { rows } = await db.raw<{ rows: Array<{ name: string }> }>(
        'select projection_advance_many(?::text[], ?::bigint[], ?::bigint[]) as name',
        [batch.map((p) => p.name), batch.map((p) => p.from), batch.map((p) => p.to)],
      );
      const moved = new Set(rows.map((row) => row.name));
      for (const p of batch) p.done(moved.has(p.name));
    } catch (error) {
      for (const p of batch) p.done(error as Error);
    }
  };
  return {
    advance(name: string, from: number, to: number): Promise<boolean> {
      return new Promise((resolve, reject) => {
        if (pending.length === 0) setImmediate(() => void flush());
        pending.push({
          name,
          from,
          to,
          done: (moved) => (moved instanceof Error ? reject(moved) : resolve(moved)),
        });
      });
    },
  };
}
