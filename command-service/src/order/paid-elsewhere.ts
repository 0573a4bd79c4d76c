// Two tabs of one cart can each start a payment and be paid within the same second, before either
// order exists to refuse the other (ordered-elsewhere.ts). Placements of one cart run one at a time
// (place-order.ts), so the second finds the first's order: its money goes back in full at the
// provider and it makes no order. So does a second payment of one checkout (two UPI attempts both
// paid, a card beside an open UPI order): the checkout's points and code stay with its first order. The refund's idempotency key is the payment, and PaymentRefunded
// has an id derived from it, so every later confirmation, webhook and status-job pass finds the one
// refund instead of asking again.
import { Conflict } from '@printshop/shared-events/errors';
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import type { CheckoutStartedData } from '@printshop/shared-events/events/checkout';
import { paymentStreamName, type PaymentEvent } from '@printshop/shared-events/events/payment';
import { CHECKOUT_MESSAGES } from '../checkout/cart-snapshot';
import { paymentKey } from '../payment/payment-key';
import { releaseCheckoutHolds } from '../payment/payment-request';
import { uuidFromName } from './derived-ids';
import type { OrderedElsewhere } from '../checkout/ordered-elsewhere';
import type { SucceededPayment } from './place-order';
import type { RefundPayment } from './refund-order';

/** A payment refunded because another order took its items first (409). */
export class PaidElsewhere extends Conflict {
  constructor(
    readonly orderNumber: string,
    message = CHECKOUT_MESSAGES.paidElsewhere(orderNumber),
  ) {
    super(message);
  }
}

/** The refund recorded for this payment earlier, if any. */
export async function refundedBefore(store: EventStore, payment: SucceededPayment) {
  const events = await store.readStream<PaymentEvent>(
    paymentStreamName(paymentKey(payment.provider, payment.reference)),
  );
  const refunded = events.find((event) => event.type === 'PaymentRefunded');
  return refunded?.type === 'PaymentRefunded' ? refunded.data : undefined;
}

/** Gives the payment back, records it, frees its checkout's points and code; the error to answer. */
export async function refundPaidElsewhere(
  deps: { store: EventStore; refund: RefundPayment },
  payment: SucceededPayment,
  checkout: CheckoutStartedData,
  { orderNumber, sameCheckout }: OrderedElsewhere,
  { at, metadata }: { at: string; metadata: EventMetadata },
): Promise<PaidElsewhere> {
  const refused = (number: string, twice: boolean) =>
    new PaidElsewhere(
      number,
      (twice ? CHECKOUT_MESSAGES.paidTwice : CHECKOUT_MESSAGES.paidElsewhere)(number),
    );
  const known = await refundedBefore(deps.store, payment);
  if (known) return refused(known.orderNumber, known.reason === 'paid_twice');
  if (payment.amount === 0) {
    // An order with nothing to pay (provider `none`): no money to give back.
    await releaseCheckoutHolds(deps.store, checkout.checkoutId, 'payment_refunded', at, metadata);
    return new PaidElsewhere(orderNumber, CHECKOUT_MESSAGES.orderedElsewhere(orderNumber));
  }
  const key = paymentKey(payment.provider, payment.reference);
  const { refundId } = await deps.refund({
    payment: {
      provider: payment.provider,
      paymentId: payment.reference,
      ...(payment.providerPaymentId && { providerPaymentId: payment.providerPaymentId }),
      testMode: payment.testMode,
    },
    amount: payment.amount,
    currency: payment.currency,
    idempotencyKey: `refund-paid-elsewhere-${key}`,
  });
  await deps.store.appendToStream(
    paymentStreamName(key),
    [
      {
        id: uuidFromName(`payment:${key}:refunded`),
        type: 'PaymentRefunded',
        data: {
          provider: payment.provider,
          reference: payment.reference,
          checkoutId: checkout.checkoutId,
          amount: payment.amount,
          currency: payment.currency,
          refundId,
          reason: sameCheckout ? 'paid_twice' : 'ordered_elsewhere',
          orderNumber,
          at,
        },
        metadata,
      },
    ],
    { expectedRevision: 'any' },
  );
  // The checkout's own order spent its points and code: they are not this payment's to free.
  if (!sameCheckout) {
    await releaseCheckoutHolds(deps.store, checkout.checkoutId, 'payment_refunded', at, metadata);
  }
  return refused(orderNumber, sameCheckout);
}
