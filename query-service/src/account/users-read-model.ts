// The users read model (projections/src/users) as the query side reads it.
import type { Knex } from 'knex';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { USERS_TABLE, type UserRow } from '@printshop/shared-events/users-read-model';

/** The projection (and schema `rm_users`) these routers read. */
export const USERS_READ_MODEL = 'users';

export type { UserRow };

export const usersTable = (db: Knex) =>
  db.withSchema(readModelSchema(USERS_READ_MODEL)).table<UserRow>(USERS_TABLE);

/** User = {id, email, first_name, last_name, is_admin} (API.md). */
export const toUserDto = (row: UserRow) => ({
  id: row.id,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  is_admin: row.is_admin,
});
