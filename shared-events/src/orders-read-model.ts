// The contract between the orders projection (projections/src/orders/) and the order queries
// (query-service/src/orders/, the admin's lists and dashboard): the table of schema `rm_orders`, one
// row per order holding the order view folded from its events and the columns it is looked up by.
import type { OrderView } from './events/order-view';
import type { ReadModel } from './read-models';

export const ORDERS_PROJECTION = 'orders';
export const ORDERS_TABLE = 'orders';

export const ORDERS_READ_MODEL: ReadModel = {
  name: ORDERS_PROJECTION,
  tables: [
    {
      name: ORDERS_TABLE,
      primaryKey: ['order_id'],
      columns: `
         order_id text primary key,
         order_number text not null unique,
         user_id text,
         email_key text not null,
         status text not null,
         archived boolean not null,
         currency text not null,
         total bigint not null,
         usd_total bigint not null,
         checkout_id text not null,
         placed_at timestamptz not null,
         updated_at timestamptz not null,
         last_position bigint not null,
         view jsonb not null
       `,
      indexes: {
        orders_by_user: '(user_id, placed_at desc)',
        orders_by_status: '(status, placed_at desc)',
        orders_by_placed_at: '(placed_at desc)',
      },
    },
  ],
};

/** A row as read (bigint columns arrive from Postgres as strings). */
export interface OrderRow {
  order_id: string;
  order_number: string;
  user_id: string | null;
  email_key: string;
  status: string;
  archived: boolean;
  currency: string;
  total: string | number;
  usd_total: string | number;
  checkout_id: string;
  placed_at: Date;
  updated_at: Date;
  last_position: string | number;
  view: OrderView;
}
