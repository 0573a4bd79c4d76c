// Ended sessions in Postgres (command-service/src/user/session-store.ts): the tokens revoked by a
// sign-out, and per user the second from which tokens are valid again after a password change.
// Written before the ending call answers and read on every authenticated request (never cached),
// so no gateway accepts an ended session afterwards. Both are primary-key lookups.
import type { Knex } from 'knex';
import type { SessionStore } from '@printshop/command-service/user/session-store';
import { migrateUnderLock } from '../postgres/migrate-under-lock';

export const REVOKED_SESSIONS_TABLE = 'auth_revoked_sessions';
export const SESSION_CUTOFFS_TABLE = 'auth_session_cutoffs';

async function createTables(db: Knex): Promise<void> {
  await migrateUnderLock(db, 'auth-sessions', async (trx) => {
    await trx.raw(
      `create table if not exists ?? (
         session_id text primary key,
         user_id text not null,
         expires_at timestamptz not null
       )`,
      [REVOKED_SESSIONS_TABLE],
    );
    await trx.raw('create index if not exists ?? on ?? (expires_at)', [
      `${REVOKED_SESSIONS_TABLE}_expires_at`,
      REVOKED_SESSIONS_TABLE,
    ]);
    await trx.raw(
      `create table if not exists ?? (
         user_id text primary key,
         valid_from timestamptz not null
       )`,
      [SESSION_CUTOFFS_TABLE],
    );
  });
}

const ready = new WeakMap<Knex, Promise<void>>();

/** Creates the tables once per pool (several gateways may start at once: under a lock). */
export function sessionTablesReady(db: Knex): Promise<void> {
  let done = ready.get(db);
  if (!done) {
    done = createTables(db).catch((error: unknown) => {
      ready.delete(db); // try again on the next request
      throw error;
    });
    ready.set(db, done);
  }
  return done;
}

export function createSessionStore(db: Knex, now: () => Date = () => new Date()): SessionStore {
  return {
    async revoke({ sessionId, userId, expiresAt }) {
      await sessionTablesReady(db);
      await db(REVOKED_SESSIONS_TABLE)
        .insert({ session_id: sessionId, user_id: userId, expires_at: expiresAt })
        .onConflict('session_id')
        .ignore();
      // Expired tokens are refused anyway: their rows are no longer needed.
      await db(REVOKED_SESSIONS_TABLE).where('expires_at', '<', now()).delete();
    },
    async endSessionsBefore(userId, validFrom) {
      await sessionTablesReady(db);
      await db.raw(
        `insert into ?? (user_id, valid_from) values (?, ?)
         on conflict (user_id) do update set valid_from = greatest(??.valid_from, excluded.valid_from)`,
        [SESSION_CUTOFFS_TABLE, userId, validFrom, SESSION_CUTOFFS_TABLE],
      );
    },
  };
}
