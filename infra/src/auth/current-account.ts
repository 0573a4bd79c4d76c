// The account behind a token, as the users read model knows it (see gateway/authenticate.ts).
import type { Knex } from 'knex';

export interface CurrentAccount {
  isAdmin: boolean;
  passwordChangedAt?: Date;
}

// TODO(issue 4): read the users read model; until it exists no token is accepted.
export async function currentAccount(_db: Knex, _userId: string): Promise<CurrentAccount | undefined> {
  return undefined;
}
