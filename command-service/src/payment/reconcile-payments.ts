// The status job: payments the shop asked for whose confirmation never came (the browser closed
// before verify-payment, a webhook lost) are looked up at their provider, and the paid ones become
// orders through the same placement as every other confirmation (so a late confirmation racing
// the job still makes one order). `pending` lists them (infra reads the checkouts read model);
// each provider is asked through its port (the test-mode stand-ins answer in test mode).
import type { Logger } from '@printshop/shared-events/logger';
import type { PaymentProvider } from '@printshop/shared-events/events/payment';
import { PaidElsewhere } from '../order/paid-elsewhere';
import { placePaidOrder, type PlaceOrderDeps, type SucceededPayment } from '../order/place-order';
import { fromProviderAmount } from './provider-amounts';
import { isSettled, type RazorpayPort } from './razorpay/razorpay-port';
import type { StripePort } from './stripe/stripe-port';

export interface PendingPayment {
  provider: PaymentProvider;
  reference: string;
  checkoutId: string;
  testMode: boolean;
}

export interface ReconcileDeps extends PlaceOrderDeps {
  pending(): Promise<PendingPayment[]>;
  razorpay?: RazorpayPort;
  stripe?: StripePort;
  logger: Logger;
}

/** The provider's word on a pending payment: paid (with what it received) or not (yet). */
async function lookUp(deps: ReconcileDeps, pending: PendingPayment): Promise<SucceededPayment | undefined> {
  const base = { provider: pending.provider, reference: pending.reference, testMode: pending.testMode };
  if (pending.provider === 'razorpay' && deps.razorpay) {
    const settled = (await deps.razorpay.fetchOrderPayments(pending.reference)).find(isSettled);
    return (
      settled && {
        ...base,
        providerPaymentId: settled.id,
        amount: fromProviderAmount(settled.amount, settled.currency),
        currency: settled.currency,
        checkoutId: pending.checkoutId,
      }
    );
  }
  if (pending.provider === 'stripe' && deps.stripe) {
    const intent = await deps.stripe.retrievePaymentIntent(pending.reference);
    return intent?.status === 'succeeded'
      ? {
          ...base,
          amount: fromProviderAmount(intent.amount, intent.currency),
          currency: intent.currency,
          checkoutId: pending.checkoutId,
        }
      : undefined;
  }
  return undefined;
}

/** One pass; a payment that fails to reconcile is logged and tried again on the next pass. */
export async function reconcilePayments(deps: ReconcileDeps): Promise<{ checked: number; placed: string[] }> {
  const placed: string[] = [];
  const pending = await deps.pending();
  for (const payment of pending) {
    try {
      const paid = await lookUp(deps, payment);
      if (!paid) continue;
      const { order } = await placePaidOrder(deps, paid, { actor: 'system', causationId: payment.reference });
      placed.push(order.orderId);
      deps.logger.info(
        { provider: payment.provider, reference: payment.reference, orderId: order.orderId },
        'payment reconciled into an order',
      );
    } catch (error) {
      if (error instanceof PaidElsewhere) {
        deps.logger.warn({ provider: payment.provider, reference: payment.reference }, error.message);
        continue;
      }
      deps.logger.error(
        { err: error, provider: payment.provider, reference: payment.reference },
        'reconcile failed',
      );
    }
  }
  return { checked: pending.length, placed };
}

/** Runs a pass every `intervalMs` (a pass still running skips the tick) until stopped. */
export function scheduleReconciliation(deps: ReconcileDeps, intervalMs: number): { stop(): Promise<void> } {
  let busy: Promise<unknown> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || busy) return;
    busy = reconcilePayments(deps)
      .catch((error: unknown) => deps.logger.error({ err: error }, 'reconcile pass failed'))
      .finally(() => {
        busy = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await busy;
    },
  };
}
