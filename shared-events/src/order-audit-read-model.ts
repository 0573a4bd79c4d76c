// The contract between the order-audit projection (projections/src/order-audit/) and the admin's
// order detail (query-service/src/orders/admin-orders-routes.ts): the table of schema
// `rm_order_audit`, every event of every order stream.
import type { ReadModel } from './read-models';

export const ORDER_AUDIT_PROJECTION = 'order_audit';
export const ORDER_EVENTS_TABLE = 'order_events';

export const ORDER_AUDIT_READ_MODEL: ReadModel = {
  name: ORDER_AUDIT_PROJECTION,
  tables: [
    {
      name: ORDER_EVENTS_TABLE,
      primaryKey: ['event_id'],
      columns: `
         event_id text primary key,
         order_id text not null,
         revision integer not null,
         position bigint not null,
         type text not null,
         at timestamptz not null,
         actor text,
         data jsonb not null
       `,
      indexes: { order_events_by_order: '(order_id, position)' },
    },
  ],
};

export interface OrderEventRow {
  event_id: string;
  order_id: string;
  revision: number;
  position: number;
  type: string;
  at: Date;
  actor: string | null;
  data: Record<string, unknown>;
}
