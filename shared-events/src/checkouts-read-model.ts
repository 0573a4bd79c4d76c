// The contract between the checkouts projection (projections/src/checkouts/) and its readers (the
// pending-payments sweep in query-service/src/checkouts/): the tables of schema `rm_checkouts`, one
// row per checkout started and one per payment request made to a provider.
import type { PaymentProvider } from './events/payment';
import type { ReadModel } from './read-models';

export const CHECKOUTS_PROJECTION = 'checkouts';
export const CHECKOUTS_TABLE = 'checkouts';
export const PAYMENT_REQUESTS_TABLE = 'payment_requests';

export const CHECKOUTS_READ_MODEL: ReadModel = {
  name: CHECKOUTS_PROJECTION,
  tables: [
    {
      name: CHECKOUTS_TABLE,
      primaryKey: ['checkout_id'],
      columns: `
         checkout_id text primary key,
         cart_id text not null,
         user_id text,
         email text,
         currency text not null,
         total bigint not null,
         usd_total bigint not null,
         item_count integer not null,
         lines jsonb not null,
         started_at timestamptz not null,
         order_id text,
         order_number text,
         completed_at timestamptz
       `,
      indexes: { checkouts_open: '(started_at) where order_id is null' },
    },
    {
      name: PAYMENT_REQUESTS_TABLE,
      primaryKey: ['provider', 'reference'],
      columns: `
         provider text not null,
         reference text not null,
         checkout_id text not null,
         amount bigint not null,
         currency text not null,
         test_mode boolean not null,
         requested_at timestamptz not null,
         status text not null,
         last_error text,
         order_id text,
         updated_at timestamptz not null,
         primary key (provider, reference)
       `,
      indexes: { payment_requests_pending: "(requested_at) where status = 'pending'" },
    },
  ],
};

/** A payment request as read (bigint columns arrive from Postgres as strings). */
export interface PaymentRequestRow {
  provider: PaymentProvider;
  reference: string;
  checkout_id: string;
  amount: string | number;
  currency: string;
  test_mode: boolean;
  requested_at: Date;
  status: string;
  last_error: string | null;
  order_id: string | null;
  updated_at: Date;
}
