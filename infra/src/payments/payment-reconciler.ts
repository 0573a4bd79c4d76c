// Starts the status job for payments whose confirmation never came (command-service's
// reconcile-payments.ts), reading the pending ones from the checkouts read model. Payments younger
// than `minAgeMs` are left to the customer's own confirmation; those older than a week are given up.
import { scheduleReconciliation } from '@printshop/command-service/payment/reconcile-payments';
import { pendingPayments } from '@printshop/query-service/checkouts/pending-payments';
import type { AppContext } from '../app-context';
import { moneyOf } from './money';
import { paymentProvidersOf } from './payment-providers';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export function startPaymentReconciler(
  app: Pick<AppContext, 'config' | 'logger' | 'db' | 'store' | 'now'>,
  options: { intervalMs?: number; minAgeMs?: number } = {},
): { stop(): Promise<void> } {
  const { stripe, razorpay } = paymentProvidersOf(app);
  const minAgeMs = options.minAgeMs ?? 10 * 60 * 1000;
  return scheduleReconciliation(
    {
      store: app.store,
      now: app.now,
      logger: app.logger,
      stripe,
      razorpay,
      money: moneyOf(app),
      pending: () => {
        const now = app.now().getTime();
        return pendingPayments(app.db, {
          requestedBefore: new Date(now - minAgeMs),
          requestedAfter: new Date(now - WEEK_MS),
        });
      },
    },
    options.intervalMs ?? 60_000,
  );
}
