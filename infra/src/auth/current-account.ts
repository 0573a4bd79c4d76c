// The account behind a token, as it is now (see gateway/authenticate.ts), in one query of primary-key
// lookups: the users read model's row, the session's revocation (sign-out) and the user's sessions
// cutoff (auth/sessions.ts, written before a password change answers, so the read model's lag
// leaves no window). When the model has no row yet (it trails a registration by milliseconds), the
// user's stream says; it also has the last word on an admin (a demotion takes effect at once). Tokens are valid from the second after the last password change
// (command-service/src/user/session.ts).
import type { Knex } from 'knex';
import type { EventStore } from '@printshop/shared-events/event-store';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { loadUser } from '@printshop/command-service/user/find-user';
import { tokensValidFrom } from '@printshop/command-service/user/session';
import { USERS_READ_MODEL } from '@printshop/query-service/account/users-read-model';
import { REVOKED_SESSIONS_TABLE, SESSION_CUTOFFS_TABLE, sessionTablesReady } from './sessions';

const UNDEFINED_TABLE = '42P01';
const UNDEFINED_SCHEMA = '3F000';

export interface CurrentAccount {
  isAdmin: boolean;
  /** Tokens issued before this second no longer work (the last password change). */
  tokensValidFrom?: Date;
  /** This very token was signed out. */
  sessionRevoked: boolean;
}

interface Row {
  is_admin: boolean | null;
  password_changed_at: Date | null;
  valid_from: Date | null;
  revoked: boolean;
}

const query = (db: Knex, session: { userId: string; sessionId: string }, withUsers: boolean) =>
  db.raw<{ rows: Row[] }>(
    `select ${withUsers ? 'u.is_admin, u.password_changed_at' : 'null as is_admin, null as password_changed_at'},
            c.valid_from,
            exists (select 1 from ?? r where r.session_id = ?) as revoked
       from (select 1) as one
       ${withUsers ? 'left join ?? u on u.id = ?' : ''}
       left join ?? c on c.user_id = ?`,
    [
      REVOKED_SESSIONS_TABLE,
      session.sessionId,
      ...(withUsers ? [`${readModelSchema(USERS_READ_MODEL)}.users`, session.userId] : []),
      SESSION_CUTOFFS_TABLE,
      session.userId,
    ],
  );

const isAdminNow = async (store: EventStore, userId: string): Promise<boolean> => {
  const user = await loadUser(store, userId);
  return user.status === 'registered' && user.isAdmin;
};

const latest = (...dates: Array<Date | undefined | null>): Date | undefined =>
  dates.reduce<Date | undefined>((max, date) => (date && (!max || date > max) ? date : max), undefined);

export async function currentAccount(
  deps: { db: Knex; store: EventStore },
  session: { userId: string; sessionId: string },
): Promise<CurrentAccount | undefined> {
  await sessionTablesReady(deps.db);
  const { rows } = await query(deps.db, session, true).catch((error: { code?: string }) => {
    // The read model is not there yet (a gateway up before the projections made it): the stream says.
    if (error.code === UNDEFINED_TABLE || error.code === UNDEFINED_SCHEMA)
      return query(deps.db, session, false);
    throw error;
  });
  const row = rows[0]!;
  if (row.is_admin !== null) {
    return {
      // An admin's rights are confirmed from the user's stream: the read model trails a demotion by
      // milliseconds, enough for the demoted admin's next call to promote them back.
      isAdmin: row.is_admin && (await isAdminNow(deps.store, session.userId)),
      tokensValidFrom: latest(tokensValidFrom(row.password_changed_at ?? undefined), row.valid_from),
      sessionRevoked: row.revoked,
    };
  }
  const user = await loadUser(deps.store, session.userId);
  if (user.status !== 'registered') return undefined;
  return {
    isAdmin: user.isAdmin,
    tokensValidFrom: latest(tokensValidFrom(user.passwordChangedAt), row.valid_from),
    sessionRevoked: row.revoked,
  };
}
