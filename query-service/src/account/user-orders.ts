// What each customer bought, for the admin's users list, from the orders read model: the orders
// they paid for (whatever happened to them since, archived ones included: this is history) and
// what they spent, in USD at each order's own rate, less what was refunded.
import type { Knex } from 'knex';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { toMajor } from '@printshop/shared-events/rules/money';
import { ORDERS_READ_MODEL } from '../orders/orders-routes';

export interface UserOrderFigures {
  orderCount: number;
  /** USD, major units. */
  totalSpent: number;
}

/** USD cents an order kept: its USD total less its refunds converted at the order's own rate. */
export function keptUsdCents(order: { total: number; usdTotal: number; refunded: number }): number {
  if (order.refunded <= 0 || order.total <= 0) return order.usdTotal;
  return order.usdTotal - Math.round((order.refunded * order.usdTotal) / order.total);
}

export async function orderFiguresOf(
  db: Knex,
  userIds: readonly string[],
): Promise<Map<string, UserOrderFigures>> {
  const figures = new Map<string, { orderCount: number; cents: number }>();
  if (userIds.length === 0) return new Map();
  const rows = (await db
    .withSchema(readModelSchema(ORDERS_READ_MODEL))
    .table('orders')
    .whereIn('user_id', userIds)
    .whereNot({ status: 'pending_payment' })
    .select(
      'user_id',
      'total',
      'usd_total',
      db.raw(`coalesce((view->>'refundedAmount')::bigint, 0) as refunded`),
    )) as Array<{ user_id: string; total: string; usd_total: string; refunded: string }>;
  for (const row of rows) {
    const current = figures.get(row.user_id) ?? { orderCount: 0, cents: 0 };
    current.orderCount += 1;
    current.cents += keptUsdCents({
      total: Number(row.total),
      usdTotal: Number(row.usd_total),
      refunded: Number(row.refunded),
    });
    figures.set(row.user_id, current);
  }
  return new Map(
    [...figures].map(([userId, f]) => [
      userId,
      { orderCount: f.orderCount, totalSpent: toMajor(f.cents, 'USD') },
    ]),
  );
}
