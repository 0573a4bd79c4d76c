// The first half of every payment, whatever the provider: find (or start) the caller's checkout,
// make sure it can be paid (e-mail, address, not paid yet, its items not ordered from another tab),
// reserve the use of its promotion code and the points it was priced with (refused when other
// checkouts hold them: they are spent once), and, once the provider made its intent or order,
// record PaymentRequested on `payment-<key>` so any later confirmation finds the checkout from the
// provider's reference alone.
import type { Context } from 'koa';
import type { PaymentStartBody } from '@printshop/shared-events/api/orders';
import { PAYMENT_START_MESSAGES, paymentStartBodySchema } from '@printshop/shared-events/api/orders';
import { Conflict, NotFound, ValidationError } from '@printshop/shared-events/errors';
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import type { CheckoutStartedData } from '@printshop/shared-events/events/checkout';
import {
  paymentStreamName,
  type PaymentEvent,
  type PaymentProvider,
} from '@printshop/shared-events/events/payment';
import type { CurrencyCode } from '@printshop/shared-events/rules/currencies';
import { callerOf, metadataOf, type Caller } from '../caller';
import { loadCheckout, ownsCheckout } from '../checkout/checkout';
import { CHECKOUT_MESSAGES } from '../checkout/cart-snapshot';
import { orderedElsewhere } from '../checkout/ordered-elsewhere';
import { startCheckout } from '../checkout/start-checkout';
import { toAddressFields } from '../address/router';
import { runLoyaltyCommand } from '../loyalty/balance';
import { releasePromotionUse, reservePromotionUse } from '../promotion/uses';
import { POINTS_HOLD_MINUTES } from '@printshop/shared-events/rules/loyalty';
import { uuidFromName } from '../order/derived-ids';
import { PAYMENT_MESSAGES } from './payment-errors';
import { paymentKey } from './payment-key';

export interface PaymentDeps {
  store: EventStore;
  now(): Date;
  newId(): string;
  /** Counts one payment start from `ip` (whatever the provider); throws TooManyRequests over the limit. */
  countPaymentStart(ip: string): Promise<void>;
}

/**
 * Whether the call pays an amount at a provider (create-payment-intent, create-order) or places an
 * order with nothing to pay (free-order): providers take no payment of 0, so each is refused the
 * other's checkouts.
 */
export type ToPay = 'amount' | 'nothing';

/**
 * What a payment start call (create-payment-intent, create-order, free-order) works from: the
 * body's checkout, the caller's and payable now, and the metadata and time of what the call records.
 */
export async function startPayment(ctx: Context, deps: PaymentDeps, toPay: ToPay = 'amount') {
  // Counted before anything is checked: a refused card test is still an attempt.
  await deps.countPaymentStart(ctx.ip);
  const body = paymentStartBodySchema.parse(ctx.request.body ?? {});
  const caller = callerOf(ctx);
  const at = deps.now().toISOString();
  const metadata = metadataOf(ctx, at);
  const { checkout } = await payableCheckout(deps, caller, body, metadata, toPay);
  return { at, metadata, checkout };
}

/** The checkout a payment is for, checked to be payable; position set when it was started here. */
export async function payableCheckout(
  deps: PaymentDeps,
  caller: Caller,
  body: PaymentStartBody,
  metadata: EventMetadata,
  toPay: ToPay = 'amount',
): Promise<{ checkout: CheckoutStartedData; position?: number }> {
  let checkout: CheckoutStartedData;
  let position: number | undefined;
  if ('checkoutId' in body) {
    const state = await loadCheckout(deps.store, body.checkoutId ?? '');
    if (!state.started || !ownsCheckout(state.started, caller))
      throw new NotFound(CHECKOUT_MESSAGES.notFound);
    if (state.completed) throw new Conflict(CHECKOUT_MESSAGES.alreadyPaid);
    const elsewhere = await orderedElsewhere(deps.store, state.started);
    if (elsewhere?.sameCheckout) throw new Conflict(CHECKOUT_MESSAGES.alreadyPaid);
    if (elsewhere) throw new Conflict(CHECKOUT_MESSAGES.orderedElsewhere(elsewhere.orderNumber));
    checkout = state.started;
  } else {
    const started = await startCheckout(
      deps.store,
      caller,
      {
        email: body.email,
        shippingAddress: toAddressFields(body.shippingAddress),
        currency: body.currency as CurrencyCode,
        country: body.country,
      },
      { checkoutId: deps.newId(), at: deps.now().toISOString() },
      metadata,
    );
    checkout = started.checkout;
    position = started.position;
  }
  const missing: Record<string, string> = {};
  if (!checkout.email) missing.email = PAYMENT_START_MESSAGES.email;
  if (!checkout.shippingAddress) missing.shippingAddress = PAYMENT_START_MESSAGES.shippingAddress;
  if (Object.keys(missing).length > 0) throw new ValidationError('Some fields are not valid', missing);
  const free = checkout.amounts.total === 0;
  if (free !== (toPay === 'nothing'))
    throw new Conflict(free ? PAYMENT_MESSAGES.nothingToPay : PAYMENT_MESSAGES.amountToPay);
  const held = await reservePromotionUse(deps.store, checkout, deps.now(), metadata);
  let reserved: number | undefined;
  try {
    reserved = await reservePoints(deps, checkout, metadata);
  } catch (error) {
    // No payment starts: the code's use goes back at once instead of waiting for its hold to end.
    await releasePromotionUse(
      deps.store,
      checkout,
      'payment_not_started',
      deps.now().toISOString(),
      metadata,
    );
    throw error;
  }
  return { checkout, position: reserved ?? held ?? position };
}

/**
 * Holds the checkout's points for its payment (again after a failed one); a RuleBroken (422) when
 * they are no longer available. Answers the position when a hold was written.
 */
async function reservePoints(
  deps: PaymentDeps,
  checkout: CheckoutStartedData,
  metadata: EventMetadata,
): Promise<number | undefined> {
  const points = checkout.amounts.loyaltyPoints;
  if (!checkout.userId || points <= 0) return undefined;
  const now = deps.now();
  const result = await runLoyaltyCommand(
    deps.store,
    checkout.userId,
    {
      type: 'ReservePoints',
      data: {
        checkoutId: checkout.checkoutId,
        points,
        expiresAt: new Date(now.getTime() + POINTS_HOLD_MINUTES * 60_000).toISOString(),
        at: now.toISOString(),
      },
    },
    metadata,
  );
  return result.position;
}

export async function recordPaymentRequest(
  store: EventStore,
  request: {
    provider: PaymentProvider;
    reference: string;
    checkout: CheckoutStartedData;
    testMode: boolean;
    at: string;
  },
  metadata: EventMetadata,
): Promise<number> {
  const key = paymentKey(request.provider, request.reference);
  const result = await store.appendToStream(
    paymentStreamName(key),
    [
      {
        // A provider answering the same intent again (idempotency key) records nothing new.
        id: uuidFromName(`payment:${key}:requested`),
        type: 'PaymentRequested',
        data: {
          provider: request.provider,
          reference: request.reference,
          checkoutId: request.checkout.checkoutId,
          amount: request.checkout.amounts.total,
          currency: request.checkout.amounts.currency,
          testMode: request.testMode,
          at: request.at,
        },
        metadata,
      },
    ],
    { expectedRevision: 'any' },
  );
  return result.position;
}

/** What the shop asked the provider for under this reference; undefined when not ours. */
export async function loadPaymentRequest(store: EventStore, provider: PaymentProvider, reference: string) {
  const events = await store.readStream<PaymentEvent>(paymentStreamName(paymentKey(provider, reference)));
  const requested = events.find((event) => event.type === 'PaymentRequested');
  return requested?.type === 'PaymentRequested' ? requested.data : undefined;
}

export async function recordPaymentFailure(
  store: EventStore,
  failure: {
    provider: PaymentProvider;
    reference: string;
    checkoutId?: string;
    message: string;
    code?: string;
    at: string;
    /** Derived id when the failure has its own identity (a webhook event), so a redelivery is one record. */
    eventId?: string;
  },
  metadata: EventMetadata,
): Promise<number> {
  const { eventId, ...data } = failure;
  const result = await store.appendToStream(
    paymentStreamName(paymentKey(failure.provider, failure.reference)),
    [{ ...(eventId && { id: eventId }), type: 'PaymentFailed', data, metadata }],
    { expectedRevision: 'any' },
  );
  const released = await releaseCheckoutHolds(
    store,
    failure.checkoutId,
    'payment_failed',
    failure.at,
    metadata,
  );
  return Math.max(released ?? 0, result.position);
}

/**
 * A payment that made no order gives its checkout's points and code use free again (paying again
 * reserves them anew). Answers the position of the last release written.
 */
export async function releaseCheckoutHolds(
  store: EventStore,
  checkoutId: string | undefined,
  reason: 'payment_failed' | 'payment_refunded' | 'checkout_replaced',
  at: string,
  metadata: EventMetadata,
): Promise<number | undefined> {
  const checkout = checkoutId ? (await loadCheckout(store, checkoutId)).started : undefined;
  if (!checkout) return undefined;
  const points = checkout.userId
    ? await runLoyaltyCommand(
        store,
        checkout.userId,
        { type: 'ReleaseReservation', data: { checkoutId: checkout.checkoutId, reason, at } },
        metadata,
      )
    : undefined;
  const freed = await releasePromotionUse(store, checkout, reason, at, metadata);
  const positions = [points?.position, freed].filter((p): p is number => p !== undefined);
  return positions.length > 0 ? Math.max(...positions) : undefined;
}
