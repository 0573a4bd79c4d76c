// The abandoned-checkouts read model (GET /api/admin/abandoned-checkouts and the dashboard's
// abandoned value): every checkout started, its last activity, whether it (or a later checkout of
// its cart) was paid, and whether a recovery e-mail was asked for. The statuses are explained in
// shared-events/src/abandoned-checkouts-read-model.ts. "Later" means later in the log, so a
// rebuild decides the same way.
import type { CheckoutEvent } from '@printshop/shared-events/events/checkout';
import type { OrderEvent } from '@printshop/shared-events/events/order';
import type { PaymentEvent } from '@printshop/shared-events/events/payment';
import {
  ABANDONED_CHECKOUTS_READ_MODEL,
  ABANDONED_CHECKOUTS_PROJECTION,
  ABANDONED_CHECKOUTS_TABLE,
} from '@printshop/shared-events/abandoned-checkouts-read-model';
import { createTables } from '../runner/create-tables';
import type { Projection } from '../runner/projection';

const UNPAID = ['open', 'superseded'];

export const abandonedCheckoutsProjection: Projection<CheckoutEvent | PaymentEvent | OrderEvent> = {
  name: ABANDONED_CHECKOUTS_PROJECTION,
  eventTypes: [
    'CheckoutStarted',
    'CheckoutCompleted',
    'RecoveryEmailRequested',
    'PaymentRequested',
    'PaymentFailed',
    'OrderPlaced',
  ],
  tables: ABANDONED_CHECKOUTS_READ_MODEL.tables,
  async migrate(db, schema) {
    await createTables(db, schema, ABANDONED_CHECKOUTS_READ_MODEL.tables);
  },
  async apply(events, trx, schema) {
    const checkouts = () => trx.withSchema(schema).table(ABANDONED_CHECKOUTS_TABLE);
    /** The latest of the known activity and this one (payment attempts may arrive out of time order). */
    const touch = (checkoutId: string, at: string) =>
      checkouts()
        .where({ checkout_id: checkoutId })
        .update({ last_activity_at: trx.raw('greatest(last_activity_at, ?::timestamptz)', [at]) });
    for (const event of events) {
      switch (event.type) {
        case 'CheckoutStarted': {
          const { data } = event;
          const inserted = await checkouts()
            .insert({
              checkout_id: data.checkoutId,
              cart_id: data.cartId,
              user_id: data.userId ?? null,
              email: data.email ?? null,
              currency: data.amounts.currency,
              total: data.amounts.total,
              usd_total: data.amounts.usdTotal,
              items: JSON.stringify(
                data.lines.map((line) => ({ sku: line.sku, name: line.name, quantity: line.quantity })),
              ),
              started_at: data.startedAt,
              last_activity_at: data.startedAt,
              status: 'open',
            })
            .onConflict('checkout_id')
            .ignore()
            .returning('checkout_id');
          if (inserted.length === 0) break;
          // A new checkout of the same cart stands for the customer's attempt from now on.
          await checkouts()
            .where({ cart_id: data.cartId, status: 'open' })
            .whereNot({ checkout_id: data.checkoutId })
            .update({ status: 'superseded', closed_at: data.startedAt });
          break;
        }
        case 'PaymentRequested':
          await touch(event.data.checkoutId, event.data.at);
          break;
        case 'PaymentFailed':
          if (event.data.checkoutId) await touch(event.data.checkoutId, event.data.at);
          break;
        case 'CheckoutCompleted':
          await checkouts()
            .where({ checkout_id: event.data.checkoutId })
            .whereIn('status', UNPAID)
            .update({ status: 'paid', order_id: event.data.orderId, closed_at: event.data.at });
          break;
        case 'OrderPlaced': {
          const { checkoutId, cartId, orderId, placedAt } = event.data;
          await checkouts()
            .where({ checkout_id: checkoutId })
            .whereIn('status', UNPAID)
            .update({ status: 'paid', order_id: orderId, closed_at: placedAt });
          // The customer bought: no checkout of this cart started before it is abandoned.
          await checkouts()
            .where({ cart_id: cartId })
            .whereIn('status', UNPAID)
            .update({ status: 'converted', order_id: orderId, closed_at: placedAt });
          break;
        }
        case 'RecoveryEmailRequested':
          await checkouts()
            .where({ checkout_id: event.data.checkoutId })
            .whereNull('recovery_requested_at')
            .update({ recovery_requested_at: event.data.at, recovery_requested_by: event.data.by });
          break;
        default:
          break;
      }
    }
  },
};
