// The users read model (projections/src/users) as the query side reads it.
import type { Knex } from 'knex';
import { readModelSchema } from '@printshop/shared-events/read-models';

/** The projection (and schema `rm_users`) these routers read. */
export const USERS_READ_MODEL = 'users';

export interface UserRow {
  id: string;
  email: string;
  email_key: string;
  first_name: string;
  last_name: string;
  is_admin: boolean;
  password_changed_at: Date | null;
  registered_at: Date;
}

export const usersTable = (db: Knex) =>
  db.withSchema(readModelSchema(USERS_READ_MODEL)).table<UserRow>('users');

/** User = {id, email, first_name, last_name, is_admin} (API.md). */
export const toUserDto = (row: UserRow) => ({
  id: row.id,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  is_admin: row.is_admin,
});
