// One row per reactor: how far it has published `$all`, and the error it is retrying (/readyz shows both).
import type { Knex } from 'knex';

export const REACTOR_CHECKPOINTS_TABLE = 'reactor_checkpoints';

// Advisory lock keys for reactors: (namespace, hashtext(name)); distinct from the projections' ones.
export const REACTOR_LOCK_NAMESPACE = { runner: 0x52454131, migrate: 0x52454130 } as const;

export interface ReactorCheckpoint {
  name: string;
  position: number;
  updatedAt: Date;
  lastError: string | null;
}

interface Row {
  name: string;
  position: string | number;
  updated_at: Date;
  last_error: string | null;
}

/** Creates the table; safe to run from several processes at once. */
export async function migrateReactors(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?, 0)', [REACTOR_LOCK_NAMESPACE.migrate]);
    await trx.raw(`
      create table if not exists ${REACTOR_CHECKPOINTS_TABLE} (
        name text primary key,
        position bigint not null default 0,
        updated_at timestamptz not null default now(),
        last_error text
      )`);
  });
}

const toCheckpoint = (row: Row): ReactorCheckpoint => ({
  name: row.name,
  position: Number(row.position),
  updatedAt: row.updated_at,
  lastError: row.last_error,
});

export async function readReactorCheckpoint(db: Knex, name: string): Promise<ReactorCheckpoint> {
  await db(REACTOR_CHECKPOINTS_TABLE).insert({ name }).onConflict('name').ignore();
  return toCheckpoint((await db<Row>(REACTOR_CHECKPOINTS_TABLE).where({ name }).first())!);
}

export async function readReactorCheckpoints(db: Knex): Promise<ReactorCheckpoint[]> {
  return (await db<Row>(REACTOR_CHECKPOINTS_TABLE).select('*').orderBy('name')).map(toCheckpoint);
}

/** What /readyz and /metrics show of each reactor: its checkpoint, its lag behind `headPosition` and the error it is retrying. */
export interface ReactorStatusReport {
  name: string;
  position: number;
  lag: number;
  lastError: string | null;
}

export async function readReactorStatus(db: Knex, headPosition: number): Promise<ReactorStatusReport[]> {
  return (await readReactorCheckpoints(db)).map(({ name, position, lastError }) => ({
    name,
    position,
    lag: Math.max(0, headPosition - position),
    lastError,
  }));
}

/** Never moves back: a stale instance that lost its lock mid-batch cannot rewind a newer one. */
export async function saveReactorCheckpoint(db: Knex, name: string, position: number): Promise<void> {
  await db(REACTOR_CHECKPOINTS_TABLE)
    .where({ name })
    .andWhere('position', '<=', position)
    .update({ position, last_error: null, updated_at: db.fn.now() });
}

export async function saveReactorError(db: Knex, name: string, error: string | null): Promise<void> {
  await db(REACTOR_CHECKPOINTS_TABLE).where({ name }).update({ last_error: error, updated_at: db.fn.now() });
}
