// The checkouts read model: every checkout started (e-mail, items, value, when) and whether it was
// paid, for the abandoned-checkout report; and every payment asked of a provider with its state,
// for the status job that finds payments whose confirmation never came.
import type { CheckoutEvent } from '@printshop/shared-events/events/checkout';
import type { OrderEvent } from '@printshop/shared-events/events/order';
import type { PaymentEvent } from '@printshop/shared-events/events/payment';
import {
  CHECKOUTS_PROJECTION,
  CHECKOUTS_READ_MODEL,
  CHECKOUTS_TABLE,
  PAYMENT_REQUESTS_TABLE,
} from '@printshop/shared-events/checkouts-read-model';
import { createTables } from '../runner/create-tables';
import type { Projection } from '../runner/projection';

export { CHECKOUTS_PROJECTION, CHECKOUTS_TABLE, PAYMENT_REQUESTS_TABLE };

export const checkoutsProjection: Projection<CheckoutEvent | PaymentEvent | OrderEvent> = {
  name: CHECKOUTS_PROJECTION,
  eventTypes: [
    'CheckoutStarted',
    'CheckoutCompleted',
    'PaymentRequested',
    'PaymentFailed',
    'PaymentRefunded',
    'OrderPlaced',
  ],
  tables: CHECKOUTS_READ_MODEL.tables,
  async migrate(db, schema) {
    await createTables(db, schema, CHECKOUTS_READ_MODEL.tables);
  },
  async apply(events, trx, schema) {
    const checkouts = () => trx.withSchema(schema).table(CHECKOUTS_TABLE);
    const requests = () => trx.withSchema(schema).table(PAYMENT_REQUESTS_TABLE);
    for (const event of events) {
      switch (event.type) {
        case 'CheckoutStarted': {
          const { data } = event;
          await checkouts()
            .insert({
              checkout_id: data.checkoutId,
              cart_id: data.cartId,
              user_id: data.userId ?? null,
              email: data.email ?? null,
              currency: data.amounts.currency,
              total: data.amounts.total,
              usd_total: data.amounts.usdTotal,
              item_count: data.lines.reduce((sum, line) => sum + line.quantity, 0),
              lines: JSON.stringify(data.lines),
              started_at: data.startedAt,
            })
            .onConflict('checkout_id')
            .ignore();
          break;
        }
        case 'CheckoutCompleted':
          await checkouts().where({ checkout_id: event.data.checkoutId }).update({
            order_id: event.data.orderId,
            order_number: event.data.orderNumber,
            completed_at: event.data.at,
          });
          break;
        case 'PaymentRequested': {
          const { data } = event;
          await requests()
            .insert({
              provider: data.provider,
              reference: data.reference,
              checkout_id: data.checkoutId,
              amount: data.amount,
              currency: data.currency,
              test_mode: data.testMode,
              requested_at: data.at,
              status: 'pending',
              updated_at: data.at,
            })
            .onConflict(['provider', 'reference'])
            .ignore();
          break;
        }
        case 'PaymentFailed':
          // A failed attempt may be followed by a good one on the same intent: it stays pending.
          await requests()
            .where({ provider: event.data.provider, reference: event.data.reference })
            .update({ last_error: event.data.message, updated_at: event.data.at });
          break;
        case 'PaymentRefunded':
          // Given back because another tab's order took the items: nothing left for the status job.
          await requests()
            .where({ provider: event.data.provider, reference: event.data.reference })
            .update({ status: 'refunded', updated_at: event.data.at });
          break;
        case 'OrderPlaced': {
          const { payment, orderId, orderNumber, checkoutId, placedAt } = event.data;
          await requests()
            .where({ provider: payment.provider, reference: payment.paymentId })
            .update({ status: 'paid', order_id: orderId, updated_at: placedAt });
          await checkouts()
            .where({ checkout_id: checkoutId })
            .whereNull('order_id')
            .update({ order_id: orderId, order_number: orderNumber, completed_at: placedAt });
          break;
        }
        default:
          break;
      }
    }
  },
};
