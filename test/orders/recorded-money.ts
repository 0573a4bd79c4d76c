// What order placement needs of money, for tests that place orders straight on a store: the real
// Postgres lock, and refunds recorded here instead of asked of a provider (a stand-in for Stripe's
// and Razorpay's refund calls, which the HTTP tests make through the test-mode ports).
import type { Knex } from 'knex';
import type { OrderMoney, RefundRequest } from '@printshop/command-service/order/refund-order';
import { postgresLock } from '@printshop/infra/postgres/advisory-lock';

export function recordedMoney(db: Knex): OrderMoney & { refunds: RefundRequest[] } {
  const refunds: RefundRequest[] = [];
  const byKey = new Map<string, string>();
  return {
    refunds,
    lock: postgresLock(db),
    async refund(request) {
      const known = byKey.get(request.idempotencyKey);
      if (known) return { refundId: known };
      refunds.push(request);
      const refundId = `re_recorded_${refunds.length}`;
      byKey.set(request.idempotencyKey, refundId);
      return { refundId };
    },
  };
}
