// Payments asked of a provider and still unconfirmed, for the status job (command-service's
// reconcile-payments.ts): old enough that the customer's own confirmation should have come, young
// enough that the provider still knows them.
import type { Knex } from 'knex';
import type { PaymentProvider } from '@printshop/shared-events/events/payment';
import {
  PAYMENT_REQUESTS_TABLE,
  type PaymentRequestRow,
} from '@printshop/shared-events/checkouts-read-model';
import { readModelSchema } from '@printshop/shared-events/read-models';

export const CHECKOUTS_READ_MODEL = 'checkouts';

export interface PendingPaymentRow {
  provider: PaymentProvider;
  reference: string;
  checkoutId: string;
  testMode: boolean;
}

export async function pendingPayments(
  db: Knex,
  options: { requestedBefore: Date; requestedAfter: Date; limit?: number },
): Promise<PendingPaymentRow[]> {
  const rows = await db
    .withSchema(readModelSchema(CHECKOUTS_READ_MODEL))
    .table<PaymentRequestRow>(PAYMENT_REQUESTS_TABLE)
    .where({ status: 'pending' })
    .where('requested_at', '<', options.requestedBefore)
    .where('requested_at', '>', options.requestedAfter)
    .orderBy('requested_at')
    .limit(options.limit ?? 100)
    .select<Array<Pick<PaymentRequestRow, 'provider' | 'reference' | 'checkout_id' | 'test_mode'>>>(
      'provider',
      'reference',
      'checkout_id',
      'test_mode',
    );
  return rows.map((row) => ({
    provider: row.provider,
    reference: row.reference,
    checkoutId: row.checkout_id,
    testMode: row.test_mode,
  }));
}
