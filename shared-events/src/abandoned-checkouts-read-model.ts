// The contract between the abandoned-checkouts projection and the admin's list and dashboard: the
// table of schema `rm_abandoned_checkouts`, one row per checkout started.
//
// status:
//   open        not paid, and the latest checkout of its cart: the customer may have gone away;
//   paid        this checkout became an order;
//   converted   another checkout of the same cart was paid (the customer bought after all);
//   superseded  a later checkout of the same cart was started (that one stands for the attempt).
// Only open checkouts are listed; "abandoned" adds that nothing happened for N minutes
// (last_activity_at: the start or the latest payment attempt).
import type { ReadModel } from './read-models';

export const ABANDONED_CHECKOUTS_PROJECTION = 'abandoned_checkouts';
export const ABANDONED_CHECKOUTS_TABLE = 'checkouts';
export const CHECKOUT_STATUSES = ['open', 'paid', 'converted', 'superseded'] as const;
export type CheckoutListStatus = (typeof CHECKOUT_STATUSES)[number];

export const ABANDONED_CHECKOUTS_READ_MODEL: ReadModel = {
  name: ABANDONED_CHECKOUTS_PROJECTION,
  tables: [
    {
      name: ABANDONED_CHECKOUTS_TABLE,
      primaryKey: ['checkout_id'],
      columns: `
         checkout_id text primary key,
         cart_id text not null,
         user_id text,
         email text,
         currency text not null,
         total bigint not null,
         usd_total bigint not null,
         items jsonb not null,
         started_at timestamptz not null,
         last_activity_at timestamptz not null,
         status text not null,
         order_id text,
         closed_at timestamptz,
         recovery_requested_at timestamptz,
         recovery_requested_by text
       `,
      indexes: {
        abandoned_checkouts_open: "(last_activity_at) where status = 'open'",
        abandoned_checkouts_by_cart: '(cart_id)',
      },
    },
  ],
};

/** A row as read (bigint columns arrive from Postgres as strings). */
export interface AbandonedCheckoutRow {
  checkout_id: string;
  cart_id: string;
  user_id: string | null;
  email: string | null;
  currency: string;
  total: string;
  usd_total: string;
  items: Array<{ sku: string; name: string; quantity: number }>;
  started_at: Date;
  last_activity_at: Date;
  status: CheckoutListStatus;
  order_id: string | null;
  closed_at: Date | null;
  recovery_requested_at: Date | null;
  recovery_requested_by: string | null;
}
