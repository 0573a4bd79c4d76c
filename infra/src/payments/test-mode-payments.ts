// The test-mode stand-ins' intents, orders and payments (command-service's stripe-test-mode.ts and
// razorpay-test-mode.ts) in Postgres, so every gateway sees the same ones: a payment started on one
// gateway is confirmed on another, and a restart in the middle of a payment loses nothing. Only used
// without provider keys; with keys Stripe and Razorpay keep them.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type {
  RazorpayOrder,
  RazorpayPayment,
} from '@printshop/command-service/payment/razorpay/razorpay-port';
import type { RazorpayTestOrders } from '@printshop/command-service/payment/razorpay/razorpay-test-mode';
import type { StripeIntent } from '@printshop/command-service/payment/stripe/stripe-port';
import type { StripeTestIntents } from '@printshop/command-service/payment/stripe/stripe-test-mode';
import { RefundTooLarge, type TestRefunds } from '@printshop/command-service/payment/test-refunds';
import { migrateUnderLock } from '../postgres/migrate-under-lock';

export const STRIPE_TEST_INTENTS_TABLE = 'test_mode_stripe_intents';
export const RAZORPAY_TEST_ORDERS_TABLE = 'test_mode_razorpay_orders';
export const RAZORPAY_TEST_PAYMENTS_TABLE = 'test_mode_razorpay_payments';
export const TEST_REFUNDS_TABLE = 'test_mode_refunds';

/** Creates the tables; safe to run from several processes at once. */
export async function migrateTestModePayments(db: Knex): Promise<void> {
  await migrateUnderLock(db, 'test-mode-payments', async (trx) => {
    await trx.raw(`
      create table if not exists ${STRIPE_TEST_INTENTS_TABLE} (
        id text primary key,
        idempotency_key text not null unique,
        client_secret text not null,
        status text not null,
        amount bigint not null,
        currency text not null,
        metadata jsonb not null,
        last_error jsonb,
        created_at timestamptz not null default now()
      )`);
    await trx.raw(`
      create table if not exists ${RAZORPAY_TEST_ORDERS_TABLE} (
        id text primary key,
        amount bigint not null,
        currency text not null,
        status text not null,
        notes jsonb not null,
        created_at timestamptz not null default now()
      )`);
    await trx.raw(`
      create table if not exists ${RAZORPAY_TEST_PAYMENTS_TABLE} (
        seq bigserial primary key,
        id text not null unique,
        order_id text not null references ${RAZORPAY_TEST_ORDERS_TABLE} (id),
        status text not null,
        amount bigint not null,
        currency text not null,
        error_description text
      )`);
    await trx.raw(
      `create index if not exists ${RAZORPAY_TEST_PAYMENTS_TABLE}_order on ${RAZORPAY_TEST_PAYMENTS_TABLE} (order_id, seq)`,
    );
    await trx.raw(`
      create table if not exists ${TEST_REFUNDS_TABLE} (
        id text primary key,
        idempotency_key text not null unique,
        payment_id text not null,
        amount bigint not null,
        created_at timestamptz not null default now()
      )`);
    await trx.raw(
      `create index if not exists ${TEST_REFUNDS_TABLE}_payment on ${TEST_REFUNDS_TABLE} (payment_id)`,
    );
  });
}

interface IntentRow {
  id: string;
  client_secret: string;
  status: string;
  amount: string | number;
  currency: string;
  metadata: Record<string, string>;
  last_error: { message: string; code?: string } | null;
}

const intentOf = (row: IntentRow): StripeIntent => ({
  id: row.id,
  clientSecret: row.client_secret,
  status: row.status,
  amount: Number(row.amount),
  currency: row.currency,
  metadata: row.metadata,
  ...(row.last_error && { lastError: row.last_error }),
});

export function postgresStripeTestIntents(db: Knex): StripeTestIntents {
  const table = () => db(STRIPE_TEST_INTENTS_TABLE);
  return {
    async insertOnce(idempotencyKey, intent) {
      // A racing request with the same key waits for the first insert, then finds its row.
      const [inserted] = await table()
        .insert({
          id: intent.id,
          idempotency_key: idempotencyKey,
          client_secret: intent.clientSecret,
          status: intent.status,
          amount: intent.amount,
          currency: intent.currency,
          metadata: JSON.stringify(intent.metadata),
        })
        .onConflict('idempotency_key')
        .ignore()
        .returning('*');
      const row = (inserted ??
        (await table().where({ idempotency_key: idempotencyKey }).first())) as IntentRow;
      return intentOf(row);
    },

    async find(id) {
      const row = await table().where({ id }).first();
      return row && intentOf(row as IntentRow);
    },

    async settle(id, { status, lastError }) {
      await table()
        .where({ id })
        .whereNot({ status: 'succeeded' })
        .update({ status, last_error: lastError ? JSON.stringify(lastError) : null });
    },
  };
}

interface OrderRow {
  id: string;
  amount: string | number;
  currency: string;
  status: string;
  notes: Record<string, string>;
}

interface PaymentRow {
  id: string;
  order_id: string;
  status: string;
  amount: string | number;
  currency: string;
  error_description: string | null;
}

const paymentOf = (row: PaymentRow): RazorpayPayment => ({
  id: row.id,
  orderId: row.order_id,
  status: row.status,
  amount: Number(row.amount),
  currency: row.currency,
  ...(row.error_description !== null && { errorDescription: row.error_description }),
});

export function postgresRazorpayTestOrders(db: Knex): RazorpayTestOrders {
  return {
    async insertOrder(order) {
      await db(RAZORPAY_TEST_ORDERS_TABLE).insert({
        id: order.id,
        amount: order.amount,
        currency: order.currency,
        status: order.status,
        notes: JSON.stringify(order.notes),
      });
    },

    async findOrder(id): Promise<RazorpayOrder | undefined> {
      const row = (await db(RAZORPAY_TEST_ORDERS_TABLE).where({ id }).first()) as OrderRow | undefined;
      return (
        row && {
          id: row.id,
          amount: Number(row.amount),
          currency: row.currency,
          status: row.status,
          notes: row.notes,
        }
      );
    },

    async findPayment(id) {
      const row = (await db(RAZORPAY_TEST_PAYMENTS_TABLE).where({ id }).first()) as PaymentRow | undefined;
      return row && paymentOf(row);
    },

    async paymentsOf(orderId) {
      const rows = (await db(RAZORPAY_TEST_PAYMENTS_TABLE)
        .where({ order_id: orderId })
        .orderBy('seq')) as PaymentRow[];
      return rows.map(paymentOf);
    },

    async addPayment(payment) {
      return db.transaction(async (trx) => {
        // The order's row locked: of two payments at once, the second sees the first one's capture.
        const order = (await trx(RAZORPAY_TEST_ORDERS_TABLE)
          .where({ id: payment.orderId })
          .forUpdate()
          .first('status')) as Pick<OrderRow, 'status'> | undefined;
        if (order?.status === 'paid') return false;
        await trx(RAZORPAY_TEST_PAYMENTS_TABLE).insert({
          id: payment.id,
          order_id: payment.orderId,
          status: payment.status,
          amount: payment.amount,
          currency: payment.currency,
          error_description: payment.errorDescription ?? null,
        });
        if (payment.status === 'captured')
          await trx(RAZORPAY_TEST_ORDERS_TABLE).where({ id: payment.orderId }).update({ status: 'paid' });
        return true;
      });
    },
  };
}

export function postgresTestRefunds(db: Knex): TestRefunds {
  return {
    async refundOnce({ key, paymentId, amount, paid }) {
      return db.transaction(async (trx) => {
        // One refund of a payment at a time: the sum below is then the one this insert adds to.
        await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`printshop:test-refund:${paymentId}`]);
        const known = (await trx(TEST_REFUNDS_TABLE).where({ idempotency_key: key }).first()) as
          { id: string } | undefined;
        if (known) return { id: known.id };
        const [sum] = (await trx(TEST_REFUNDS_TABLE)
          .where({ payment_id: paymentId })
          .sum({ refunded: 'amount' })) as Array<{ refunded: string | null }>;
        if (Number(sum?.refunded ?? 0) + amount > paid) throw new RefundTooLarge();
        const id = `re_test_${randomBytes(12).toString('hex')}`;
        await trx(TEST_REFUNDS_TABLE).insert({ id, idempotency_key: key, payment_id: paymentId, amount });
        return { id };
      });
    },
  };
}
