// Is a review a verified purchase? Asked of the orders read model by the review command (wired by
// infra): the author has a paid order (shipped or not, archived or not; not cancelled or refunded)
// holding the product, or, when they name an order number, that order is theirs and paid (and
// holds the product when one is named). A review of the shop itself counts any paid order.
import type { Knex } from 'knex';
import { PAID_ORDER_STATUSES } from '@printshop/shared-events/events/order-view';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { ORDERS_READ_MODEL } from '../orders/orders-routes';
import type { WaitForPosition } from '../read-your-writes';

export const PURCHASED_STATUSES = PAID_ORDER_STATUSES;

export interface PurchaseQuestion {
  userId: string;
  productSku?: string;
  orderNumber?: string;
  minPosition?: number;
}

export function purchaseVerifier(deps: { db: Knex; waitFor: WaitForPosition }) {
  return async (question: PurchaseQuestion): Promise<boolean> => {
    // An order paid just before (the client's X-Min-Position) must count.
    if (question.minPosition !== undefined) await deps.waitFor([ORDERS_READ_MODEL], question.minPosition);
    const query = deps.db
      .withSchema(readModelSchema(ORDERS_READ_MODEL))
      .table('orders')
      .where({ user_id: question.userId })
      .whereIn('status', PURCHASED_STATUSES);
    if (question.orderNumber !== undefined) query.where({ order_number: question.orderNumber });
    if (question.productSku !== undefined) {
      query.whereRaw(`view->'lines' @> ?::jsonb`, [JSON.stringify([{ sku: question.productSku }])]);
    }
    return (await query.first('order_id')) !== undefined;
  };
}
