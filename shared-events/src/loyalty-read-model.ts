// The contract between the loyalty projection (projections/src/loyalty/) and GET /api/loyalty
// (query-service/src/loyalty/): the tables of schema `rm_loyalty`, a balance per user and the
// history of point movements.
import type { ReadModel } from './read-models';

export const LOYALTY_PROJECTION = 'loyalty';
export const LOYALTY_BALANCES_TABLE = 'balances';
export const LOYALTY_HISTORY_TABLE = 'history';

export const LOYALTY_READ_MODEL: ReadModel = {
  name: LOYALTY_PROJECTION,
  tables: [
    {
      name: LOYALTY_BALANCES_TABLE,
      primaryKey: ['user_id'],
      columns: `
         user_id text primary key,
         balance bigint not null,
         updated_at timestamptz not null
       `,
    },
    {
      name: LOYALTY_HISTORY_TABLE,
      primaryKey: ['event_id'],
      columns: `
         event_id text primary key,
         user_id text not null,
         position bigint not null,
         type text not null,
         points bigint not null,
         order_id text not null,
         order_number text,
         at timestamptz not null
       `,
      addedColumns: ['reason text'],
      indexes: { loyalty_history_by_user: '(user_id, position desc)' },
    },
  ],
};

/** Rows as read (bigint columns arrive from Postgres as strings). */
export interface LoyaltyBalanceRow {
  user_id: string;
  balance: string | number;
  updated_at: Date;
}
export interface LoyaltyHistoryRow {
  event_id: string;
  user_id: string;
  position: string | number;
  type: 'earned' | 'redeemed' | 'reversed';
  points: string | number;
  order_id: string;
  order_number: string | null;
  at: Date;
  reason: string | null;
}
