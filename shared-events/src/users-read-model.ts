// The contract between the users projection (projections/src/users/) and the account and admin
// queries (query-service/src/account/users-read-model.ts): the table of schema `rm_users`.
import type { ReadModel } from './read-models';

export const USERS_PROJECTION = 'users';
export const USERS_TABLE = 'users';

export const USERS_READ_MODEL: ReadModel = {
  name: USERS_PROJECTION,
  tables: [
    {
      name: USERS_TABLE,
      primaryKey: ['id'],
      columns: `
         id text primary key,
         email text not null,
         email_key text not null unique,
         first_name text not null,
         last_name text not null,
         is_admin boolean not null,
         password_changed_at timestamptz,
         registered_at timestamptz not null
       `,
      indexes: { users_by_registration: '(registered_at desc, id)' },
    },
  ],
};

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
