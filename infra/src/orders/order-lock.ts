// Refunds of one order run one at a time across every gateway (command-service refund-order.ts):
// a Postgres advisory lock held by a transaction while the refund is asked of the provider and
// recorded. The lock goes with the transaction, so a crashed gateway never leaves it held.
import type { Knex } from 'knex';
import type { OrderLock } from '@printshop/command-service/order/refund-order';

export function postgresOrderLock(db: Knex): OrderLock {
  return (orderId, work) =>
    db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`printshop:order-refund:${orderId}`]);
      return work();
    });
}
