// The account behind a token, as it is now (see gateway/authenticate.ts): from the users read model,
// or, when the model has no row yet (it trails a registration by milliseconds), from the user's
// stream. `passwordChangedAt` is the second from which tokens are valid again after a password
// change (command-service/src/user/session.ts), so a token from before the change stops working.
import type { Knex } from 'knex';
import type { EventStore } from '@printshop/shared-events/event-store';
import { loadUser } from '@printshop/command-service/user/find-user';
import { tokensValidFrom } from '@printshop/command-service/user/session';
import { usersTable } from '@printshop/query-service/account/users-read-model';

const UNDEFINED_TABLE = '42P01';
const UNDEFINED_SCHEMA = '3F000';

export interface CurrentAccount {
  isAdmin: boolean;
  passwordChangedAt?: Date;
}

export async function currentAccount(
  deps: { db: Knex; store: EventStore },
  userId: string,
): Promise<CurrentAccount | undefined> {
  const row = await usersTable(deps.db)
    .where({ id: userId })
    .first('is_admin', 'password_changed_at')
    .catch((error: { code?: string }) => {
      // The read model is not there yet (a gateway up before the projections made it): the stream says.
      if (error.code === UNDEFINED_TABLE || error.code === UNDEFINED_SCHEMA) return undefined;
      throw error;
    });
  if (row) {
    return {
      isAdmin: row.is_admin,
      passwordChangedAt: tokensValidFrom(row.password_changed_at ?? undefined),
    };
  }
  const user = await loadUser(deps.store, userId);
  if (user.status !== 'registered') return undefined;
  return { isAdmin: user.isAdmin, passwordChangedAt: tokensValidFrom(user.passwordChangedAt) };
}
