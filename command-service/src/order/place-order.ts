// One payment -> one order, whatever arrives twice or in which order (client confirmation, webhook,
// retries, the status job). The order id is derived from the payment; the placement (OrderPlaced
// and OrderPaid together) is appended with `no_stream`, and a WrongExpectedVersion there means "already
// placed": everyone then reads the order that won. Placements of one cart run one at a time, so a
// second tab's payment made in the same second finds the first's order and is refunded
// (paid-elsewhere.ts) instead of ordering the same items twice. Before placing, the order redeems the points of
// its checkout's reservation and spends its promotion code's use (once per order; every racer reads
// back the same redemption), and the
// order records the points actually taken, so no order carries a discount that no points paid for
// without saying so. The follow-ups run for every caller and are idempotent, so a crash between the
// placement and them is healed by the next confirmation.
import { Conflict, NotFound } from '@printshop/shared-events/errors';
import {
  WrongExpectedVersion,
  type EventMetadata,
  type EventStore,
} from '@printshop/shared-events/event-store';
import { orderStreamName, type OrderEvent } from '@printshop/shared-events/events/order';
import { imagesOfLines } from '@printshop/shared-events/events/order-line-images';
import { foldOrderView, type OrderView } from '@printshop/shared-events/events/order-view';
import {
  paymentStreamName,
  type OrderPaymentProvider,
  type PaymentEvent,
} from '@printshop/shared-events/events/payment';
import { loadCheckout } from '../checkout/checkout';
import { orderedElsewhere } from '../checkout/ordered-elsewhere';
import { CHECKOUT_MESSAGES } from '../checkout/cart-snapshot';
import { handleCommand } from '../handle-command';
import { holdImagesForOrder } from '../images/holds';
import { PAYMENT_MESSAGES } from '../payment/payment-errors';
import { paymentKey } from '../payment/payment-key';
import { orderIdOf, uuidFromName } from './derived-ids';
import { orderDecider } from './decide';
import { completePaidOrder, takeOutOfCart } from './follow-ups';
import { refundPaidElsewhere } from './paid-elsewhere';
import type { OrderMoney } from './refund-order';
import { redeemCheckoutPoints } from './redeem-points';
import { spendPromotionUse } from '../promotion/uses';
import { reserveOrderNumber } from './order-number';

/** A payment the provider says succeeded (or, provider `none`, an order with nothing to pay). */
export interface SucceededPayment {
  provider: OrderPaymentProvider;
  /** Stripe's PaymentIntent id, Razorpay's order id; the checkout's id when nothing was paid. */
  reference: string;
  /** Razorpay's payment id. */
  providerPaymentId?: string;
  /** Minor units of `currency` (the shop's unit). */
  amount: number;
  currency: string;
  testMode: boolean;
  /** The checkout as the provider's metadata names it; the payment stream's record wins. */
  checkoutId?: string;
}

export interface PlaceOrderDeps {
  store: EventStore;
  now(): Date;
  /** Placements of one cart run one at a time; a payment another tab beat is refunded. */
  money: OrderMoney;
}

interface PlacedOrder {
  order: OrderView;
  position: number;
}

/** The order and the position of its last event (what a reader must wait for). */
async function readOrder(store: EventStore, orderId: string) {
  const events = await store.readStream<OrderEvent>(orderStreamName(orderId));
  return {
    order: foldOrderView(events),
    position: events.at(-1)?.position ?? 0,
  };
}

/** The checkout the payment pays, checked to match what was paid. */
async function checkoutPaidBy(store: EventStore, payment: SucceededPayment) {
  const events = await store.readStream<PaymentEvent>(
    paymentStreamName(paymentKey(payment.provider, payment.reference)),
    { maxCount: 1 },
  );
  const requested = events.find((e) => e.type === 'PaymentRequested');
  const checkoutId = requested?.data.checkoutId ?? payment.checkoutId;
  const checkout = checkoutId ? (await loadCheckout(store, checkoutId)).started : undefined;
  if (!checkout) throw new NotFound(PAYMENT_MESSAGES.paymentNotFound);
  if (payment.amount !== checkout.amounts.total || payment.currency !== checkout.amounts.currency) {
    throw new Conflict(PAYMENT_MESSAGES.amountMismatch);
  }
  if (!checkout.email || !checkout.shippingAddress) throw new Conflict(CHECKOUT_MESSAGES.incomplete);
  return { ...checkout, email: checkout.email, shippingAddress: checkout.shippingAddress };
}

export async function placePaidOrder(
  deps: PlaceOrderDeps,
  payment: SucceededPayment,
  metadata: EventMetadata,
): Promise<PlacedOrder> {
  const { store } = deps;
  const at = deps.now().toISOString();
  const orderId = orderIdOf(payment.provider, payment.reference);
  const meta = { ...metadata, at };

  const known = await readOrder(store, orderId);
  if (known.order) return withFollowUps(store, known.order, known.position, meta, at);
  const checkout = await checkoutPaidBy(store, payment);
  return deps.money.lock(`cart-order:${checkout.cartId}`, async () => {
    const raced = await readOrder(store, orderId);
    if (raced.order) return withFollowUps(store, raced.order, raced.position, meta, at);
    const elsewhere = await orderedElsewhere(store, checkout, orderId);
    if (elsewhere) {
      const refund = deps.money.refund;
      throw await refundPaidElsewhere({ store, refund }, payment, checkout, elsewhere, {
        at,
        metadata: meta,
      });
    }
    await place(store, payment, checkout, { orderId, at }, meta);
    const placed = await readOrder(store, orderId);
    if (!placed.order) throw new Error(`Order ${orderId} is missing right after its placement`);
    return withFollowUps(store, placed.order, placed.position, meta, at);
  });
}

async function withFollowUps(
  store: EventStore,
  order: OrderView,
  position: number,
  meta: EventMetadata,
  at: string,
): Promise<PlacedOrder> {
  const followUps = await completePaidOrder(store, order, meta, at);
  return { order, position: Math.max(position, followUps ?? 0) };
}

async function place(
  store: EventStore,
  payment: SucceededPayment,
  checkout: Awaited<ReturnType<typeof checkoutPaidBy>>,
  { orderId, at }: { orderId: string; at: string },
  meta: EventMetadata,
): Promise<void> {
  // Before OrderPlaced: once the order exists, none of its photos can be deleted or expired. The
  // payment is taken, so a photo already gone (its checkout's hold ended) does not stop the order.
  await holdImagesForOrder(store, imagesOfLines(checkout.lines), { orderId, at }, meta);
  const orderNumber = await reserveOrderNumber(store, orderId, meta);
  const amounts = await redeemCheckoutPoints(store, checkout, { orderId, orderNumber, at }, meta);
  await spendPromotionUse(store, checkout, { orderId, orderNumber, at }, meta);
  // The lines leave the cart before the order exists, so a crash between the two still shows the
  // next placement of this cart that these items were taken (the status job then places this order).
  await takeOutOfCart(store, { orderId, cartId: checkout.cartId, lines: checkout.lines }, meta);
  try {
    await handleCommand(
      store,
      orderStreamName(orderId),
      orderDecider,
      {
        type: 'PlaceOrder',
        data: {
          placed: {
            orderId,
            orderNumber,
            checkoutId: checkout.checkoutId,
            cartId: checkout.cartId,
            ...(checkout.userId !== undefined && { userId: checkout.userId }),
            email: checkout.email,
            lines: checkout.lines,
            amounts,
            shippingAddress: checkout.shippingAddress,
            payment: {
              provider: payment.provider,
              paymentId: payment.reference,
              ...(payment.providerPaymentId && { providerPaymentId: payment.providerPaymentId }),
              testMode: payment.testMode,
            },
            placedAt: at,
          },
          paidAt: at,
        },
      },
      {
        metadata: meta,
        expectedRevision: 'no_stream',
        eventIds: (index) => uuidFromName(`${orderId}:placed:${index}`),
      },
    );
  } catch (error) {
    // Placed by a concurrent confirmation of the same payment: that order is the order.
    if (!(error instanceof WrongExpectedVersion)) throw error;
  }
}
