// The contract between the addresses projection (projections/src/addresses/) and GET
// /api/addresses (query-service/src/account/addresses-routes.ts): the table of schema `rm_addresses`.
import type { ReadModel } from './read-models';

export const ADDRESSES_PROJECTION = 'addresses';
export const ADDRESSES_TABLE = 'addresses';

export const ADDRESSES_READ_MODEL: ReadModel = {
  name: ADDRESSES_PROJECTION,
  tables: [
    {
      name: ADDRESSES_TABLE,
      primaryKey: ['id'],
      columns: `
         id text primary key,
         user_id text not null,
         full_name text not null,
         phone text not null,
         line1 text not null,
         line2 text,
         city text not null,
         state text,
         postal_code text,
         country text not null,
         is_default boolean not null,
         added_position bigint not null,
         created_at timestamptz not null,
         updated_at timestamptz not null
       `,
      indexes: { addresses_by_user: '(user_id, added_position)' },
      // The decider keeps one default per user; a projection bug breaking that stops loudly here.
      uniqueIndexes: { one_default_address: '(user_id) where is_default' },
    },
  ],
};

/** A row as read (bigint columns arrive from Postgres as strings). */
export interface AddressRow {
  id: string;
  user_id: string;
  full_name: string;
  phone: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string | null;
  postal_code: string | null;
  country: string;
  is_default: boolean;
  added_position: string | number;
  created_at: Date;
  updated_at: Date;
}
