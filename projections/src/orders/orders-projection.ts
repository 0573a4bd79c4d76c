// The orders read model (GET /api/orders, /api/orders/:id, /api/orders/track, and the admin's order
// lists): one row per order holding the order view folded from its events (order-view.ts, the same
// fold the command side answers with), plus the columns it is looked up and filtered by.
import { ORDER_EVENT_TYPES, type OrderEvent } from '@printshop/shared-events/events/order';
import { evolveOrderView, type OrderView } from '@printshop/shared-events/events/order-view';
import type { Projection } from '../runner/projection';

export const ORDERS_PROJECTION = 'orders';
export const ORDERS_TABLE = 'orders';

const row = (view: OrderView, position: number) => ({
  order_id: view.orderId,
  order_number: view.orderNumber,
  user_id: view.userId ?? null,
  email_key: view.email.trim().toLowerCase(),
  status: view.status,
  archived: view.archived,
  currency: view.amounts.currency,
  total: view.amounts.total,
  usd_total: view.amounts.usdTotal,
  checkout_id: view.checkoutId,
  placed_at: view.placedAt,
  updated_at: view.updatedAt,
  last_position: position,
  view: JSON.stringify(view),
});

export const ordersProjection: Projection<OrderEvent> = {
  name: ORDERS_PROJECTION,
  eventTypes: ORDER_EVENT_TYPES,
  tables: [{ name: ORDERS_TABLE, primaryKey: ['order_id'] }],
  async migrate(db, schema) {
    await db.raw(
      `create table if not exists ??.?? (
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
       )`,
      [schema, ORDERS_TABLE],
    );
    await db.raw('create index if not exists orders_by_user on ??.?? (user_id, placed_at desc)', [
      schema,
      ORDERS_TABLE,
    ]);
    await db.raw('create index if not exists orders_by_status on ??.?? (status, placed_at desc)', [
      schema,
      ORDERS_TABLE,
    ]);
    await db.raw('create index if not exists orders_by_placed_at on ??.?? (placed_at desc)', [
      schema,
      ORDERS_TABLE,
    ]);
  },
  async apply(events, trx, schema) {
    const table = () => trx.withSchema(schema).table(ORDERS_TABLE);
    // Orders touched in this batch, folded in memory and written once each.
    const views = new Map<string, { view: OrderView | undefined; position: number }>();
    for (const event of events) {
      const { orderId } = event.data;
      let current = views.get(orderId);
      if (!current) {
        const stored = await table()
          .where({ order_id: orderId })
          .first<{ view: OrderView } | undefined>('view');
        current = { view: stored?.view, position: event.position };
      }
      views.set(orderId, { view: evolveOrderView(current.view, event), position: event.position });
    }
    for (const { view, position } of views.values()) {
      if (!view) continue;
      await table().insert(row(view, position)).onConflict('order_id').merge();
    }
  },
};
