// The orders read model (GET /api/orders, /api/orders/:id, /api/orders/track, and the admin's order
// lists): one row per order holding the order view folded from its events (order-view.ts, the same
// fold the command side answers with), plus the columns it is looked up and filtered by.
import { ORDER_EVENT_TYPES, type OrderEvent } from '@printshop/shared-events/events/order';
import { evolveOrderView, type OrderView } from '@printshop/shared-events/events/order-view';
import {
  ORDERS_PROJECTION,
  ORDERS_READ_MODEL,
  ORDERS_TABLE,
} from '@printshop/shared-events/orders-read-model';
import { createTables } from '../runner/create-tables';
import type { Projection } from '../runner/projection';

export { ORDERS_PROJECTION, ORDERS_TABLE };

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
  tables: ORDERS_READ_MODEL.tables,
  async migrate(db, schema) {
    await createTables(db, schema, ORDERS_READ_MODEL.tables);
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
